import { useState, type ReactNode } from 'react';
import { asDeskError, type DeskError } from '../../../shared/errors';
import { useAction } from '../../lib/useAction';

/** A row's action buttons, and beside them why the last action on that row failed. */
export function RowActions({
  error,
  children,
}: {
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="table-actions">
      {children}
      {error ? (
        <p className="table-actions-error" role="alert" title={error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Actions on a table's rows, one at a time (`busy` while one runs; a call meanwhile is dropped).
 * A failure is said in its row (`errorOf(key)`, for RowActions), worded by `explain`, until that
 * row is acted on again.
 */
export function useRowActions(): {
  busy: boolean;
  errorOf(key: string): string | undefined;
  run(
    key: string,
    action: () => Promise<void>,
    explain: (error: DeskError) => string,
  ): Promise<void>;
} {
  const { busy, run } = useAction();
  const [errors, setErrors] = useState<Record<string, string>>({});
  return {
    busy,
    errorOf: (key) => errors[key],
    run: (key, action, explain) =>
      run(async () => {
        setErrors(({ [key]: _dropped, ...rest }) => rest);
        try {
          await action();
        } catch (failure) {
          const text = explain(asDeskError(failure));
          setErrors((e) => ({ ...e, [key]: text }));
        }
      }),
  };
}
