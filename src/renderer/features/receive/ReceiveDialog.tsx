import { useEffect, useState } from 'react';
import type { ReceiveAsset } from '../../../shared/model';
import { Amount } from '../../components/Amount';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { SelectField } from '../../components/Field';
import { useAction } from '../../lib/useAction';
import { asDeskError } from '../../../shared/errors';
import { QrCode } from './QrCode';
import { useDepositAddress, useReceiveAssets } from './receiveStore';

/** A term and its value in full, with a button that copies it (a check once copied). */
function CopyLine({ term, value, what }: { term: string; value: string; what: string }) {
  return (
    <>
      <dt>{term}</dt>
      <dd className="receive-line">
        <code className="receive-address" data-testid={`receive-${what}`}>
          {value}
        </code>
        <CopyButton value={value} what={what} />
      </dd>
    </>
  );
}

/** The network an asset's address is asked on first: its default, else the first it lists. */
function firstNetwork(asset: ReceiveAsset | undefined): string {
  return asset?.defaultNetwork ?? asset?.networks[0] ?? '';
}

/**
 * Receive: the deposit address of an asset on a network, its memo (destination tag) beside it
 * with a warning when the network needs one, a QR code of the address rebuilt for each network
 * and captioned with the network's name, copy buttons, and "New address" (the exchange enables it
 * per account; its refusal is shown in words). Only addresses: the app never withdraws.
 */
export function ReceiveDialog({ ticker, onClose }: { ticker?: string; onClose(): void }) {
  const assets = useReceiveAssets((s) => s.data?.assets);
  const assetsError = useReceiveAssets((s) => s.error);
  const loadAssets = useReceiveAssets((s) => s.load);
  const [chosen, setChosen] = useState(ticker ?? '');
  const asset = assets?.find((a) => a.ticker === chosen) ?? assets?.[0];
  const [network, setNetwork] = useState('');
  const shownNetwork = asset?.networks.includes(network) ? network : firstNetwork(asset);

  const address = useDepositAddress((s) => s.data);
  const addressError = useDepositAddress((s) => s.error);
  const loading = useDepositAddress((s) => s.loading);
  const load = useDepositAddress((s) => s.load);
  const reset = useDepositAddress((s) => s.reset);
  const newAddress = useDepositAddress((s) => s.newAddress);
  const making = useAction();
  // The refusal of "New address", for the asset and network it was asked on.
  const [newError, setNewError] = useState<{ on: string; text: string }>();

  useEffect(() => void loadAssets(), [loadAssets]);
  useEffect(() => {
    if (!asset) return;
    reset();
    void load({ ticker: asset.ticker, ...(shownNetwork ? { network: shownNetwork } : {}) });
  }, [asset, shownNetwork, load, reset]);

  // The answer on screen is the one for the asset and network chosen (never the last one's).
  const current =
    address && address.ticker === asset?.ticker && (address.network ?? '') === shownNetwork
      ? address
      : undefined;
  const on = `${asset?.ticker ?? ''}:${shownNetwork}`;
  const networkName = shownNetwork || 'the asset’s default network';
  const needsMemo = current?.memo !== undefined || asset?.memo === true;

  return (
    <ConfirmDialog title="Receive" cancelLabel="Close" tone="primary" onCancel={onClose}>
      {assetsError && !assets ? (
        <p className="form-alert" role="alert">
          {assetsError.message}
        </p>
      ) : null}
      {assets && assets.length === 0 ? <p className="muted">No asset takes deposits.</p> : null}
      {asset ? (
        <div className="receive">
          <div className="receive-pickers">
            <SelectField
              id="receive-asset"
              label="Asset"
              value={asset.ticker}
              options={assets!.map((a) => ({
                value: a.ticker,
                label: a.name && a.name !== a.ticker ? `${a.ticker} · ${a.name}` : a.ticker,
              }))}
              onChange={(value) => {
                setChosen(value);
                setNetwork('');
              }}
            />
            {asset.networks.length > 0 ? (
              <SelectField
                id="receive-network"
                label="Network"
                value={shownNetwork}
                options={asset.networks.map((n) => ({ value: n, label: n }))}
                onChange={setNetwork}
              />
            ) : null}
          </div>
          {addressError && !current ? (
            <p className="form-alert" role="alert">
              {addressError.message}
            </p>
          ) : null}
          {current ? (
            <div className="receive-body">
              <QrCode
                text={current.address}
                caption={`${asset.ticker} on ${networkName}`}
                label={`QR code of the ${asset.ticker} deposit address on ${networkName}`}
              />
              <dl className="receive-details">
                <CopyLine
                  term={`Address (${networkName})`}
                  value={current.address}
                  what="address"
                />
                {current.memo !== undefined ? (
                  <CopyLine term="Memo (destination tag)" value={current.memo} what="memo" />
                ) : null}
                {current.minAmount !== undefined && current.minAmount !== '0' ? (
                  <>
                    <dt>Minimum deposit</dt>
                    <dd>
                      <Amount
                        value={current.minAmount}
                        places={asset.precision ?? 8}
                        unit={asset.ticker}
                      />
                    </dd>
                  </>
                ) : null}
              </dl>
              {needsMemo ? (
                <p className="receive-warning" role="note" data-testid="receive-memo-warning">
                  {asset.ticker} on {networkName} needs the memo: send the address and the memo
                  together, or the deposit cannot be credited to this account.
                </p>
              ) : null}
              <p className="muted small">
                Send only {asset.ticker} on {networkName} to this address.
              </p>
            </div>
          ) : loading ? (
            <p className="muted" aria-live="polite">
              Asking the exchange for the address…
            </p>
          ) : null}
          <div className="receive-new">
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={!current || making.busy}
              onClick={() =>
                void making.run(async () => {
                  setNewError(undefined);
                  try {
                    await newAddress();
                  } catch (error) {
                    setNewError({ on, text: asDeskError(error).message });
                  }
                })
              }
            >
              New address
            </button>
            {newError?.on === on ? (
              <p className="form-alert" role="alert">
                {newError.text}
              </p>
            ) : null}
          </div>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
