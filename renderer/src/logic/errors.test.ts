import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { IpcError } from '../../../shared/ipc/types.js';
import { extraIssues } from './errors.js';

describe('extraIssues', () => {
  const detail = 'only owner and admin memberships may unlock a card; this token acts as employee';
  const forbidden: IpcError = { code: 'forbidden', status: 403, message: detail, issues: [{ pointer: '/', code: 'forbidden', detail }] };

  test("a 403's single detail is the message already: it is not listed again", () => {
    assert.deepEqual(extraIssues(forbidden, forbidden.issues!), []);
  });
  test('nor when the message is the issue after its pointer', () => {
    const issue = { pointer: '/name', code: 'invalid', detail: 'name is limited to 200 characters (got 201)' };
    assert.deepEqual(extraIssues({ code: 'invalid_request', message: '/name: name is limited to 200 characters (got 201)' }, [issue]), []);
  });
  test('issues that say something else stay', () => {
    const field = { pointer: '/card/nickname', code: 'invalid', detail: 'nickname must be text of 1 to 40 characters' };
    const other = { pointer: '/', code: 'invalid', detail: 'a second problem' };
    assert.deepEqual(extraIssues(forbidden, [forbidden.issues![0]!, field, other]), [field, other]);
  });
});
