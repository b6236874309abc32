import { deskSearchQuery } from '@fieldhouse/contract/staff-desk';
import { type KeyboardEvent, useEffect, useId, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '../../../lib/form-resolver';
import { Link, useLocation } from '../../../lib/router';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { type DeskCustomerSummary, useCustomerSearch } from '../api/search-customers';
import { CustomerPhoto } from './customer-photo';
import '../desk.css';

type SearchForm = { q: string };

/**
 * Find a customer: one field for a name, an email, a customer number or a postcode (submitted with Enter), the
 * matches as links (the down and up arrows move from the field through them), and what happened said aloud.
 * The search lives in the page's URL (`query`), so Back from a customer returns to the same results.
 */
export function CustomerSearch({ query, onSearch }: { query: string; onSearch: (q: string) => void }) {
  const search = useCustomerSearch(query);
  const listRef = useRef<HTMLUListElement>(null);
  const headingId = useId();
  const {
    register,
    handleSubmit,
    reset,
    setFocus,
    formState: { errors },
  } = useForm<SearchForm>({ resolver: zodResolver(deskSearchQuery), defaultValues: { q: query } });

  useEffect(() => {
    reset({ q: query });
  }, [query, reset]);
  // The page is for searching: the field takes the focus once the page shows (after the route's own commit).
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFocus('q'));
    return () => cancelAnimationFrame(frame);
  }, [setFocus]);

  const links = () => Array.from(listRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? []);
  const moveFrom = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const all = links();
    if (all.length === 0) return;
    const at = all.indexOf(document.activeElement as HTMLAnchorElement);
    event.preventDefault();
    if (event.key === 'ArrowDown') all[Math.min(at + 1, all.length - 1)]?.focus();
    else if (at <= 0) setFocus('q');
    else all[at - 1]?.focus();
  };

  const results = search.data ?? [];
  const hasSearched = query.trim().length >= 2;
  return (
    <div className="desk-search">
      <search aria-label="Find a customer">
        <form className="desk-search__form" onSubmit={handleSubmit(({ q }) => onSearch(q))} noValidate>
          <TextField
            label="Name, email, customer number or postcode"
            type="search"
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
            error={errors.q?.message}
            onKeyDown={moveFrom}
            {...register('q')}
          />
          <Button type="submit" isPending={search.isFetching && hasSearched}>
            Search
          </Button>
        </form>
      </search>

      {hasSearched && (
        <section className="desk-results" aria-labelledby={headingId} aria-busy={search.isFetching}>
          <h2 id={headingId} className="visually-hidden">
            Search results
          </h2>
          {search.isPending ? (
            <Spinner label="Searching" />
          ) : search.isError ? (
            <LoadError text={search.error.message} onRetry={() => void search.refetch()} />
          ) : null}
          <p className="desk-results__count" role="status">
            {search.isSuccess && !search.isPlaceholderData ? resultsSummary(results.length, query) : ''}
          </p>
          {results.length > 0 && (
            <ul className="desk-results__list" ref={listRef} onKeyDown={moveFrom}>
              {results.map((customer) => (
                <li key={customer.id}>
                  <ResultLink customer={customer} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}

const resultsSummary = (count: number, query: string) =>
  count === 0
    ? `No customers match “${query.trim()}”. Check the spelling, or try an email, customer number or postcode.`
    : count === 1
      ? '1 customer found'
      : `${count} customers found${count >= 20 ? ' (the first 20: add more to narrow the search)' : ''}`;

function ResultLink({ customer }: { customer: DeskCustomerSummary }) {
  const { search } = useLocation();
  return (
    <Link to={`/desk/customers/${customer.id}`} state={{ search }} className="desk-result">
      <CustomerPhoto name={customer.name} url={customer.photoUrl} size="small" />
      <span className="desk-result__text">
        <span className="desk-result__name">{customer.name}</span>
        <span className="desk-result__meta">
          Customer no {customer.reference} · {customer.email}
          {customer.postcode ? ` · ${customer.postcode}` : ''}
          {customer.homeVenue ? ` · ${customer.homeVenue.name}` : ''}
        </span>
      </span>
    </Link>
  );
}
