export { ConvertDialog, type ConvertAsset } from './ConvertDialog';
export { useConvertHistory } from './convertStore';
