/** What other features use of the shell: the app's state as main reports it (updates). */
export { useAppStore } from './appStore';
