/** What other screens may use of Receive: the dialog, opened for an asset or for any. */
export { ReceiveDialog } from './ReceiveDialog';
