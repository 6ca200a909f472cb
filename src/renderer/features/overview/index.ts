/** What other screens may use of Overview: its data (the quote currencies it offers, pushed prices). */
export { useOverviewStore } from './overviewStore';
