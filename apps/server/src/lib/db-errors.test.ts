import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './db-errors.ts';

/** A driver error as pg raises it, wrapped as drizzle-orm wraps it (`cause`). */
function wrapped(fields: { code?: string; message: string }): Error {
  const driver = Object.assign(new Error(fields.message), fields.code ? { code: fields.code } : {});
  return new Error('Failed query: select 1', { cause: driver });
}

describe('isDatabaseUnavailable: which database errors answer 503', () => {
  const unavailable: [string, { code?: string; message: string }][] = [
    ['refused connection', { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' }],
    ['reset connection', { code: 'ECONNRESET', message: 'read ECONNRESET' }],
    ['broken pipe', { code: 'EPIPE', message: 'write EPIPE' }],
    ['unknown host', { code: 'ENOTFOUND', message: 'getaddrinfo ENOTFOUND db' }],
    ['admin_shutdown (restart, pg_terminate_backend)', { code: '57P01', message: 'terminating connection due to administrator command' }],
    ['crash_shutdown', { code: '57P02', message: 'terminating connection because of crash of another server process' }],
    ['cannot_connect_now (starting up)', { code: '57P03', message: 'the database system is starting up' }],
    ['too_many_connections', { code: '53300', message: 'sorry, too many clients already' }],
    ['connection_failure', { code: '08006', message: 'connection failure' }],
    ['connection_exception', { code: '08000', message: 'connection exception' }],
    ['cut connection', { message: 'Connection terminated unexpectedly' }],
    ['pool connect timeout', { message: 'timeout exceeded when trying to connect' }],
    ['query timeout', { message: 'Query read timeout' }],
    ['client after a lost connection', { message: 'Client has encountered a connection error and is not queryable' }],
  ];
  it.each(unavailable)('%s: yes, also wrapped', (_name, fields) => {
    expect(isDatabaseUnavailable(Object.assign(new Error(fields.message), fields.code ? { code: fields.code } : {}))).toBe(true);
    expect(isDatabaseUnavailable(wrapped(fields))).toBe(true);
  });

  const otherErrors: [string, unknown][] = [
    ['unique violation', wrapped({ code: '23505', message: 'duplicate key value violates unique constraint' })],
    ['syntax error', wrapped({ code: '42601', message: 'syntax error at or near "selec"' })],
    ['statement cancelled (slow query, not an outage)', wrapped({ code: '57014', message: 'canceling statement due to statement timeout' })],
    ['deadlock', wrapped({ code: '40P01', message: 'deadlock detected' })],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ];
  it.each(otherErrors)('%s: no (500)', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});
