// The error envelope's shape at a status, for contract tests: `{statusCode, error, message}` (and a `code`).
import { expect } from 'vitest';

export const envelope = (status: number) => ({ statusCode: status, error: expect.any(String), message: expect.any(String) });
