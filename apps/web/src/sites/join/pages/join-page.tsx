import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { venueQueryOptions, venuesPageQueryOptions } from '../../../api/get-venues';
import { useUser } from '../../../features/auth/api/get-user';
import { CentreSelection } from '../../../features/centre-selection/components/centre-selection';
import { useClient } from '../../../features/client/api/get-client';
import { Link, matchPath, useLocation, useNavigate } from '../../../lib/router';
import '../../../features/joining/joining.css';
import { MEMBERSHIP_PURCHASE_TEXTS } from '@fieldhouse/contract/texts/membership-purchase';
import { useMembershipTypes } from '../../../features/joining/api/get-membership-types';
import { JoinMembershipJourney } from '../../../features/joining/components/join-journey';
import { JourneyProvider, useJourney } from '../../../features/joining/stores/journey-store';
import { PageTitle } from '../../../lib/page-title';
import { selectVenue } from '../../../lib/selected-venue';
import { TOAST_DURATION, toast } from '../../../lib/toast';
import { NotFoundContent } from '../../../shell/screens';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';

/** The plain grid of centres, only for operators without the map (online_joining_map): not on the map's first load. */
const VenueGrid = lazy(() =>
  import('../../../features/venues/components/venue-grid').then((m) => ({ default: m.VenueGrid })),
);

/** sessionStorage key of the join journey (the 'fh-join' prefix lets the kiosk idle clear it). */
const JOIN_STORAGE_KEY = 'fh-join-journey';
const MEMBERSHIP_PATH = '/centre/:centreSlug/membership/:membershipSlug/:paymentType';

/**
 * The join journey (joining §2) on '/', '/kiosk', '/centre/:slug' and
 * '/centre/:centreSlug/membership/:membershipSlug/:paymentType': the URL picks the centre and membership, the
 * journey store keeps everything else.
 */
export default function JoinPage() {
  return (
    <JourneyProvider storageKey={JOIN_STORAGE_KEY} mode="join">
      <JoinJourney />
    </JourneyProvider>
  );
}

function useJoinRoute() {
  const { pathname } = useLocation();
  const membershipMatch = matchPath(MEMBERSHIP_PATH, pathname);
  const centreMatch = matchPath('/centre/:slug', pathname);
  return {
    pathname,
    centreSlug: membershipMatch?.params.centreSlug ?? centreMatch?.params.slug ?? null,
    membershipSlug: membershipMatch?.params.membershipSlug ?? null,
    paymentType: membershipMatch?.params.paymentType ?? null,
  };
}

function JoinJourney() {
  const route = useJoinRoute();
  const navigate = useNavigate();
  const client = useClient();
  const user = useUser();
  // The first page of venues (prefetched): its total says whether there is only one; a centre's page reads its own.
  const venues = useQuery(venuesPageQueryOptions());
  const centre = useQuery({
    ...venueQueryOptions(route.centreSlug ?? ''),
    enabled: route.centreSlug !== null,
  });
  const { store, dispatch } = useJourney();
  const venue = route.centreSlug ? centre.data : undefined;
  const memberships = useMembershipTypes(venue?.id, user?.id ?? null, {
    includeIneligible: Boolean(user),
    enabled: user !== undefined && route.membershipSlug !== null,
  });
  // A centre's page opens on its memberships: they are waited for with the page's spinner, so the journey does not
  // grow under the reader when they arrive (a layout shift). The membership section reads the same query.
  const centreMemberships = useMembershipTypes(venue?.id, user?.id ?? null, {
    enabled: user !== undefined && route.membershipSlug === null,
  });
  const handled = useRef<string | null>(null);

  // The URL drives the centre and the membership; each path is acted on once.
  useEffect(() => {
    if (user === undefined) return;
    if (!route.centreSlug) {
      // An operator with one venue: nothing to choose, so its memberships open at once (not on the kiosk, whose
      // start page stays the same for every visitor).
      if (route.pathname === '/' && venues.isPending) return;
      const only =
        route.pathname === '/' && venues.data?.pagination.totalRecords === 1
          ? venues.data.venues[0]
          : undefined;
      if (only) {
        navigate(`/centre/${encodeURIComponent(only.slug)}`, { replace: true });
        return;
      }
      if (handled.current === route.pathname) return;
      handled.current = route.pathname;
      if (store.open !== 'centre') dispatch({ type: 'open', section: 'centre' });
      return;
    }
    if (!venue) return;
    if (route.membershipSlug && !memberships.data && !memberships.isError) return;
    if (handled.current === route.pathname) return;
    handled.current = route.pathname;

    selectVenue({ id: venue.id, slug: venue.slug, name: venue.name });
    const journeyVenue = { id: venue.id, slug: venue.slug, name: venue.name };
    const centrePath = `/centre/${encodeURIComponent(venue.slug)}`;
    if (!route.membershipSlug) {
      dispatch({ type: 'venue', venue: journeyVenue, open: 'membership' });
      return;
    }
    const membership = memberships.data?.find((m) => m.slug === route.membershipSlug);
    const option = membership?.paymentOptions.find((o) => o.paymentType === route.paymentType);
    if (!membership || !option) {
      toast.error(MEMBERSHIP_PURCHASE_TEXTS.couldNotFind, { duration: TOAST_DURATION.default });
      navigate(centrePath, { replace: true });
      return;
    }
    if (!option.isPurchasable.canPurchase) {
      navigate(centrePath, { replace: true });
      return;
    }
    if (store.state.venue?.id !== venue.id)
      dispatch({ type: 'venue', venue: journeyVenue, open: 'membership' });
    const isSame =
      store.state.venue?.id === venue.id &&
      store.state.membershipTypeId === membership.id &&
      store.state.paymentOptionId === option.id;
    if (!isSame)
      dispatch({
        type: 'choose',
        membership: {
          membershipTypeId: membership.id,
          membershipSlug: membership.slug,
          paymentOptionId: option.id,
          paymentType: option.paymentType,
        },
        open: 'details',
      });
    else if (store.open === 'centre' || store.open === 'membership')
      dispatch({ type: 'open', section: 'details' });
  }, [
    route,
    venue,
    venues.data,
    venues.isPending,
    memberships.data,
    memberships.isError,
    user,
    store,
    dispatch,
    navigate,
  ]);

  if (!client || user === undefined) return <Spinner label="Loading" />;
  if (route.centreSlug && centre.isPending) return <Spinner label="Loading centre" />;
  if (route.centreSlug && !venue) return <NotFoundContent />;
  if (route.centreSlug && !route.membershipSlug && centreMemberships.isPending)
    return <Spinner label="Loading memberships" />;

  const chosenVenue = venue ?? store.state.venue;
  const centrePath = chosenVenue ? `/centre/${encodeURIComponent(chosenVenue.slug)}` : '/';
  return (
    <div className="page join-page">
      <PageTitle title={venue ? `Join ${venue.name}` : 'Choose your home centre'} />
      <h1 className="visually-hidden">Buy a membership</h1>
      <JoinMembershipJourney
        user={user}
        centre={{
          content: (
            <CentreSelection
              isTitleHidden
              isMapEnabled={client.features.onlineJoiningMap}
              renderGrid={(onChoose) => (
                <Suspense fallback={<Spinner label="Loading venues" />}>
                  <VenueGrid
                    renderAction={(v) => (
                      <Button variant="secondary" aria-label={`Choose ${v.name}`} onClick={() => onChoose(v)}>
                        Choose
                      </Button>
                    )}
                  />
                </Suspense>
              )}
              onContinue={(v) => {
                selectVenue({ id: v.id, slug: v.slug, name: v.name });
                navigate(`/centre/${encodeURIComponent(v.slug)}`);
              }}
            />
          ),
          summary: chosenVenue && (
            <div className="centre-summary-line">
              <p>
                <strong>{chosenVenue.name}</strong>
              </p>
              <Link to="/">Change location</Link>
            </div>
          ),
          onEdit: () => navigate('/'),
        }}
        onMembershipChosen={(membership, option) =>
          navigate(`${centrePath}/membership/${encodeURIComponent(membership.slug)}/${option.paymentType}`)
        }
        onSelectionReset={() => navigate(centrePath)}
      />
    </div>
  );
}
