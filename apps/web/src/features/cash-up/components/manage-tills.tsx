import { useId, useState } from 'react';
import { isApiError } from '../../../lib/api/errors';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { type Till, useCreateTill, useUpdateTill } from '../api/cash-up';

const problemText = (error: Error) =>
  isApiError(error) ? (error.serverMessage ?? error.message) : error.message;

/** Administrators and centre managers: the venue's tills, added, renamed and archived (each audited). */
export function ManageTills({ venueId, tills }: { venueId: number; tills: Till[] }) {
  const headingId = useId();
  const create = useCreateTill();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const add = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Enter a name for the till.');
    setError(undefined);
    create.mutate(
      { venueId, name: name.trim() },
      {
        onSuccess: (till) => {
          setName('');
          toast.success(`${till.name} added`, { duration: TOAST_DURATION.default });
        },
        onError: (e) => setError(isApiError(e) ? (e.fieldErrors.name?.[0] ?? problemText(e)) : e.message),
      },
    );
  };
  return (
    <section className="card cash-up-tills" aria-labelledby={headingId}>
      <h2 id={headingId}>Tills at this venue</h2>
      {tills.length > 0 && (
        <ul className="cash-up-till-list">
          {tills.map((till) => (
            <TillRow key={till.id} till={till} />
          ))}
        </ul>
      )}
      <form className="form cash-up-form cash-up-inline" onSubmit={add} noValidate aria-label="Add a till">
        <TextField
          label="New till name"
          hint="e.g. Reception 1"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error}
          autoComplete="off"
        />
        <div className="button-row">
          <Button type="submit" variant="secondary" isPending={create.isPending}>
            Add till
          </Button>
        </div>
      </form>
    </section>
  );
}

function TillRow({ till }: { till: Till }) {
  const update = useUpdateTill();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(till.name);
  const [problem, setProblem] = useState<string | undefined>();
  const save = (change: { name?: string; archived?: boolean }, done: string) =>
    update.mutate(
      { tillId: till.id, ...change },
      {
        onSuccess: () => {
          setRenaming(false);
          setProblem(undefined);
          toast.success(done, { duration: TOAST_DURATION.default });
        },
        onError: (e) => setProblem(isApiError(e) ? (e.fieldErrors.name?.[0] ?? problemText(e)) : e.message),
      },
    );
  return (
    <li className="cash-up-till-row">
      {renaming ? (
        <form
          className="cash-up-inline"
          noValidate
          aria-label={`Rename ${till.name}`}
          onSubmit={(event) => {
            event.preventDefault();
            if (!name.trim()) return setProblem('Enter a name for the till.');
            save({ name: name.trim() }, `Renamed ${name.trim()}`);
          }}
        >
          <TextField
            label="Till name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={problem}
          />
          <div className="button-row">
            <Button type="submit" variant="secondary" isPending={update.isPending}>
              Save name
            </Button>
            <Button type="button" variant="text" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <span className="cash-up-till-name">
            {till.name}
            {till.archived ? ' (archived)' : till.openSession ? ' (open)' : ''}
          </span>
          <span className="button-row">
            {!till.archived && (
              <Button variant="text" onClick={() => setRenaming(true)} aria-label={`Rename ${till.name}`}>
                Rename
              </Button>
            )}
            <Button
              variant="text"
              isPending={update.isPending}
              aria-label={`${till.archived ? 'Restore' : 'Archive'} ${till.name}`}
              onClick={() =>
                save({ archived: !till.archived }, `${till.name} ${till.archived ? 'restored' : 'archived'}`)
              }
            >
              {till.archived ? 'Restore' : 'Archive'}
            </Button>
          </span>
          {problem && (
            <p className="field__error" role="alert">
              {problem}
            </p>
          )}
        </>
      )}
    </li>
  );
}
