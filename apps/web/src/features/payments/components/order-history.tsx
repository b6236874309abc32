import { PAYMENTS_TEXTS } from '@fieldhouse/contract/texts/account-payments';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { pageFromSearch } from '../../../lib/pagination';
import { Link, useSearchParams } from '../../../lib/router';
import { Button } from '../../../ui/button';
import { LoadError } from '../../../ui/load-error';
import { ModalDialog } from '../../../ui/modal';
import { Pagination } from '../../../ui/pagination';
import { Spinner } from '../../../ui/spinner';
import { TextField } from '../../../ui/text-field';
import { ordersQueryOptions } from '../api/get-orders';
import {
  describeOrderFilter,
  filterFromSearchParams,
  filterToSearchParams,
  normaliseOrderFilter,
  type OrderFilter,
} from '../rules/order-filter';

/** 'Filter' modal: From and To dates (either may be left empty), 'Apply filters', 'Cancel'. */
function OrderFilterModal({
  filter,
  onApply,
  onClose,
}: {
  filter: OrderFilter;
  onApply: (filter: OrderFilter) => void;
  onClose: () => void;
}) {
  const { register, handleSubmit, watch } = useForm<{ from: string; to: string }>({
    defaultValues: { from: filter.from ?? '', to: filter.to ?? '' },
  });
  // Each date bounds the other's picker.
  const [from, to] = watch(['from', 'to']);
  return (
    <ModalDialog title="Filter orders" isOpen onOpenChange={(open) => !open && onClose()}>
      <form className="form" onSubmit={handleSubmit((values) => onApply(normaliseOrderFilter(values)))}>
        <p className="muted">
          Both dates are included. Leave a date empty to see all orders before or after the other.
        </p>
        <div className="form__row">
          <TextField label="From" type="date" max={to || undefined} {...register('from')} />
          <TextField label="To" type="date" min={from || undefined} {...register('to')} />
        </div>
        <div className="button-row">
          <Button type="submit">Apply filters</Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** DD/MM/YYYY from the list's 'DD/MM/YYYY HH:mm'. */
const listDate = (datetimeString: string): string => datetimeString.slice(0, 10);

/**
 * Order history: table (Date, Order ID, Amount, View), a page of 20 at a time with Previous / Next, the date
 * filter; filter and page are kept in the URL (?from&to&page), so they survive reloads and the back button.
 */
export function OrderHistory() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromSearchParams(params);
  const page = pageFromSearch(params.get('page'));
  const orders = useQuery(ordersQueryOptions(filter, page));
  const [isFilterOpen, setFilterOpen] = useState(false);
  const description = describeOrderFilter(filter);
  const listPath = `/payments/order-history${params.size > 0 ? `?${params.toString()}` : ''}`;
  const rows = orders.data?.orders ?? [];
  const pagination = orders.data?.pagination;

  const goToPage = (next: number) => {
    const nextParams = filterToSearchParams(filter);
    if (next > 1) nextParams.set('page', String(next));
    setParams(nextParams);
  };
  // A page past the end (an old link, fewer orders now): show the last page instead.
  const lastPage = pagination?.totalPages ?? 1;
  const isPastEnd = orders.isSuccess && !orders.isPlaceholderData && page > lastPage;
  useEffect(() => {
    if (!isPastEnd) return;
    const nextParams = new URLSearchParams(params);
    if (lastPage > 1) nextParams.set('page', String(lastPage));
    else nextParams.delete('page');
    setParams(nextParams, { replace: true });
  }, [isPastEnd, lastPage, params, setParams]);

  let content: React.ReactNode;
  if (orders.isPending || isPastEnd) content = <Spinner label="Loading your orders" />;
  else if (orders.isError)
    content = <LoadError text={PAYMENTS_TEXTS.ordersFailed} onRetry={() => orders.refetch()} />;
  else if (rows.length === 0) content = <p className="payments-empty">{PAYMENTS_TEXTS.noOrders}</p>;
  else
    content = (
      <>
        <div className="table-wrap">
          <table
            className="data-table"
            aria-label="Order history"
            aria-busy={orders.isPlaceholderData || undefined}
          >
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Order ID</th>
                <th scope="col">Amount</th>
                <th scope="col">View</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((order) => (
                <tr key={order.id}>
                  <td>{listDate(order.createdAt.datetimeString)}</td>
                  <td>{order.id}</td>
                  <td className="data-table__money">
                    {order.total}
                    {order.refunded && <span className="order-refunded">{order.refunded} refunded</span>}
                  </td>
                  <td className="data-table__action">
                    <Link
                      to={`/payments/order-history/${order.id}`}
                      state={{ fromPage: 'Order history', fromPath: listPath }}
                    >
                      View<span className="visually-hidden"> order {order.id}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {pagination && pagination.totalPages > 1 && (
          <Pagination
            label="Order history pages"
            pagination={pagination}
            isBusy={orders.isPlaceholderData}
            onPageChange={goToPage}
          />
        )}
      </>
    );

  return (
    <section className="payments-section" aria-labelledby="order-history-heading">
      <div className="section-header">
        <h2 id="order-history-heading">Order history</h2>
        <Button variant="secondary" onClick={() => setFilterOpen(true)}>
          Filter
        </Button>
      </div>
      {description && (
        <div className="active-filter" role="status">
          <p>{description}</p>
          <Button variant="text" onClick={() => setParams(new URLSearchParams())}>
            Clear filter
          </Button>
        </div>
      )}
      {content}
      {isFilterOpen && (
        <OrderFilterModal
          filter={filter}
          onClose={() => setFilterOpen(false)}
          onApply={(next) => {
            setFilterOpen(false);
            setParams(filterToSearchParams(next));
          }}
        />
      )}
    </section>
  );
}
