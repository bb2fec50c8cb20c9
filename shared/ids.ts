// Rows are named by UUIDs (PostgreSQL's gen_random_uuid). Every id a request carries, in its path or its body, is
// checked against this one pattern at the edge: anything else names no row and never reaches the database (where a
// NUL byte or a malformed uuid would be an error, not an answer).
import { z } from 'zod';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);

/** An id in a request body; `message` is what the form shows when it is missing or malformed. */
export const idSchema = (message: string) => z.string({ error: message }).regex(UUID_PATTERN, message);
