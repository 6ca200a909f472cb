import { useCallback, useEffect, useState } from 'react';
import type { DeskError } from '../../../shared/errors';
import type { SubAccount } from '../../../shared/model';
import { DataAge } from '../../components/DataAge';
import { useAutoRefresh } from '../../lib/useAutoRefresh';
import { RowActions, useRowActions } from '../../components/table/rowActions';
import {
  actionsColumn,
  statusColumn,
  textColumn,
  tickerColumn,
} from '../../components/table/columns';
import { DataTable, type Column } from '../../components/table/DataTable';
import { statusOf } from '../../lib/remote';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Copyable } from '../../components/CopyButton';
import { TextField } from '../../components/Field';
import { useProfilesStore } from './profilesStore';
import { useSubAccountsStore } from './subAccountsStore';

export const NO_SUB_ACCOUNT_ACCESS =
  "This API key has no access to sub-accounts. Enable sub-account management in the key's permissions, or use another key.";

const isBlocked = (s: SubAccount) => s.status.toLowerCase() === 'blocked';

/** A refusal mapped by field name (`id` is the one the exchange uses), permission said plainly. */
function refusalText(error: DeskError): string {
  if (error.code === 'EXCHANGE_PERMISSION') return NO_SUB_ACCOUNT_ACCESS;
  return error.fields?.['id']?.[0] ?? error.message;
}

function StatusBadge({ status }: { status: string }) {
  const blocked = status.toLowerCase() === 'blocked';
  return (
    <span className={`badge ${blocked ? 'badge-bad' : 'badge-ok'}`} data-testid="sub-status">
      {status}
    </span>
  );
}

/** Block needs the alias typed exactly (case-sensitive): the Block button waits for it. */
function BlockDialog({
  sub,
  busy,
  onConfirm,
  onCancel,
}: {
  sub: SubAccount;
  busy: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const [typed, setTyped] = useState('');
  const matches = typed === sub.alias;

  useEffect(() => {
    // After ConfirmDialog focused Cancel: the first thing to do is to type the alias.
    document.getElementById('sub-block-confirm')?.focus();
  }, []);

  return (
    <ConfirmDialog
      title={`Block the sub-account “${sub.alias}”?`}
      confirmLabel={busy ? 'Blocking…' : 'Block'}
      busy={busy}
      confirmDisabled={!matches}
      onConfirm={() => {
        if (matches) onConfirm();
      }}
      onCancel={onCancel}
    >
      <p>A blocked sub-account cannot be used until you unblock it.</p>
      <TextField
        id="sub-block-confirm"
        label={`Type ${sub.alias} to confirm`}
        value={typed}
        onChange={setTyped}
        autoComplete="off"
        spellCheck={false}
        autoCapitalize="off"
        autoCorrect="off"
        disabled={busy}
      />
    </ConfirmDialog>
  );
}

const ROW_HEIGHT = 52;

/** Sub-accounts of the active account: the list with status; Block (typed) and Unblock. */
export function SubAccountsSection() {
  const list = useSubAccountsStore();
  const { data: current, loading, error } = list;
  const load = useSubAccountsStore((s) => s.load);
  const setBlocked = useSubAccountsStore((s) => s.setBlocked);
  const [pending, setPending] = useState<{ sub: SubAccount; block: boolean } | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const rows = useRowActions();
  const busy = rows.busy;

  // Loaded once main has said which profile is active (a switch reloads it: lib/remote.ts), then
  // refreshed like every other list: the auto-refresh interval and the header's Refresh.
  const ready = useProfilesStore((s) => s.state !== undefined);
  const refresh = useCallback(() => (ready ? load() : undefined), [ready, load]);
  useAutoRefresh(refresh, current?.fetchedAt);
  // Main answered after the mount (the mount's load had no profile to ask for): load now.
  useEffect(() => {
    const { data, loading: busy } = useSubAccountsStore.getState();
    if (ready && !data && !busy) void load();
  }, [ready, load]);

  const confirm = (sub: SubAccount, block: boolean) =>
    rows.run(
      sub.id,
      async () => {
        setNotice(undefined);
        try {
          await setBlocked(sub.id, block);
          setNotice(`${sub.alias} is ${block ? 'blocked' : 'unblocked'}.`);
        } finally {
          setPending(undefined);
        }
      },
      refusalText,
    );

  const records = current?.records ?? [];
  const permission = error?.code === 'EXCHANGE_PERMISSION';
  const status = statusOf(list);

  const columns: Column<SubAccount>[] = [
    tickerColumn('alias', 'Alias', 'minmax(120px, 1fr)', (s) => s.alias),
    textColumn(
      'email',
      'Email',
      'minmax(300px, 2fr)',
      (s) => s.email,
      (s) =>
        s.email ? (
          <Copyable value={s.email} what="email">
            <span title={s.email}>{s.email}</span>
          </Copyable>
        ) : (
          <span className="muted">none</span>
        ),
    ),
    statusColumn(
      (s) => s.status,
      '96px',
      (s) => <StatusBadge status={s.status} />,
    ),
    actionsColumn('Actions', 'minmax(180px, 2fr)', (s) => (
      <RowActions error={rows.errorOf(s.id)}>
        {isBlocked(s) ? (
          <button
            type="button"
            className="btn btn-secondary btn-small"
            aria-label={`Unblock ${s.alias}`}
            disabled={busy}
            onClick={() => setPending({ sub: s, block: false })}
          >
            Unblock
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-danger-quiet btn-small"
            aria-label={`Block ${s.alias}`}
            disabled={busy}
            onClick={() => setPending({ sub: s, block: true })}
          >
            Block
          </button>
        )}
      </RowActions>
    )),
  ];

  return (
    <section className="card sub-accounts" aria-labelledby="sub-accounts-title">
      <div className="section-head">
        <h2 id="sub-accounts-title">Sub-accounts</h2>
        <div className="head-actions">
          <DataAge fetchedAt={current?.fetchedAt} loading={loading} />
          <button
            type="button"
            className="btn btn-secondary btn-small"
            onClick={() => void load()}
            disabled={loading}
          >
            Refresh
          </button>
        </div>
      </div>
      {permission ? (
        <p className="earn-plain-notice" role="status">
          {NO_SUB_ACCOUNT_ACCESS}
        </p>
      ) : (
        <>
          {notice ? (
            <p className="form-notice" role="status">
              {notice}
            </p>
          ) : null}
          {current && error ? (
            <p className="form-alert" role="alert">
              Could not refresh: {error.message}
            </p>
          ) : null}
          <DataTable
            label="Sub-accounts"
            rows={records}
            columns={columns}
            rowKey={(s) => s.id}
            rowTestId="sub-account-row"
            status={status}
            error={error}
            onRetry={() => void load()}
            rowHeight={ROW_HEIGHT}
            height={Math.min(Math.max(records.length, 1), 8) * ROW_HEIGHT}
            empty="This account has no sub-accounts."
          />
        </>
      )}
      {pending?.block ? (
        <BlockDialog
          sub={pending.sub}
          busy={busy}
          onConfirm={() => void confirm(pending.sub, true)}
          onCancel={() => setPending(undefined)}
        />
      ) : pending ? (
        <ConfirmDialog
          title={`Unblock the sub-account “${pending.sub.alias}”?`}
          confirmLabel={busy ? 'Unblocking…' : 'Unblock'}
          busy={busy}
          onConfirm={() => void confirm(pending.sub, false)}
          onCancel={() => setPending(undefined)}
        >
          <p>It can be used again right away.</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
