/** What other screens may use of Overview: its data (the quote currencies it offers). */
export { useOverviewStore } from './overviewStore';
