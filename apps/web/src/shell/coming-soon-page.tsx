import { PageTitle } from '../lib/page-title';

/** Account sections built by later issues: heading, breadcrumb (from the route) and a short note. */
export function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="page">
      <PageTitle title={title} />
      <h1>{title}</h1>
      <p>This section of your account is coming soon.</p>
    </section>
  );
}
