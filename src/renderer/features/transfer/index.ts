export { TransferDialog, type TransferOutcome, type TransferRequest } from './TransferDialog';
export { useBalancePair } from './transferStore';
