import { describe, expect, it } from 'vitest';
import { describePostgres } from './client.ts';

describe('describePostgres (the database named in log lines and start-up errors)', () => {
  it('names the host and port, never the user or password', () => {
    expect(describePostgres('postgres://fieldhouse:s3cret@db.internal:6543/fieldhouse')).toBe(
      'PostgreSQL at db.internal:6543',
    );
  });

  it("names the socket's directory when the URL connects over a Unix socket", () => {
    expect(
      describePostgres('postgres://fieldhouse:s3cret@localhost/fieldhouse?host=/var/run/postgresql'),
    ).toBe('PostgreSQL at /var/run/postgresql:5432');
  });
});
