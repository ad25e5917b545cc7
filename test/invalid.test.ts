import { describe, expect, it } from 'vitest';
import { createMockGitLab } from '../mock/index.js';
import { oauthSeed } from './oauth/helpers.js';

// In-process tests of mock/http/invalid.ts, each killing a mutant its first mutation run left alive:
// how a refused value is worded, with and without the path of the field that is wrong.

/** The error `add` throws for a fault spec. */
function refused(spec: unknown): Error {
  const mock = createMockGitLab({ seed: oauthSeed });
  try {
    mock.faults.add(spec as never);
  } catch (error) {
    expect(error).toBeInstanceOf(TypeError);
    expect(mock.faults.list()).toEqual([]);
    return error as Error;
  }
  throw new Error('the fault was accepted');
}

describe('a refused value', () => {
  it('is named by what it is and the reason alone when the value as a whole is wrong', () => {
    expect(refused({ path: '/projects/:id', drop: true, status: 500 }).message).toBe(
      'Invalid fault: drop and status exclude each other',
    );
  });

  it('names the field that is wrong before the reason', () => {
    expect(refused({ path: '/projects/:id', status: 500, colour: 'red' }).message).toBe(
      'Invalid fault: colour: unknown key',
    );
    expect(refused({ path: '/projects/:id', status: 'teapot' }).message).toMatch(/^Invalid fault: status: \S/);
  });
});
