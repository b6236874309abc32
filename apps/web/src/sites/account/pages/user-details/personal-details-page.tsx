import { useClient } from '../../../../features/client/api/get-client';
import { accountDataFieldsQueryOptions } from '../../../../features/user-details/api/get-data-fields';
import { DataDownloadSection } from '../../../../features/user-details/components/data-download-section';
import { AccountDetails } from '../../../../features/user-details/components/details-form';
import { PasswordChangeForm } from '../../../../features/user-details/components/password-form';
import { PrivacySection } from '../../../../features/user-details/components/privacy-section';
import { WhenSettled } from '../../../../ui/when-settled';

/**
 * /user-details: the personal details form, the password change, 'Your data' (the download, decision 077) and (with
 * a tag manager) Privacy, which appear together once the form's fields have loaded (`WhenSettled`): the password
 * form no longer jumps down the page.
 */
export default function PersonalDetailsPage() {
  const client = useClient();
  return (
    <WhenSettled queries={[accountDataFieldsQueryOptions]} label="Loading your details">
      {/* Not a named region: the form inside is the 'Personal details' landmark, and two of one name confuse a
          screen reader's list of landmarks (axe: landmark-unique). */}
      <section className="card user-details-section">
        {/* The form's own sections carry visible titles; the tab above already names this part. */}
        <h2 className="visually-hidden">Personal details</h2>
        <AccountDetails />
      </section>
      <PasswordChangeForm />
      <DataDownloadSection />
      {client?.opGtmId && <PrivacySection />}
    </WhenSettled>
  );
}
