import { type ModelErrors, notFound, validationError } from '../http/errors.js';
import type { SshKey, User, World } from '../world/types.js';
import { nextId, nowIso } from '../world/world.js';

/**
 * Users' SSH keys (`/users/:id/keys`, `/user/keys`; GitLab's `lib/api/users.rb`, `app/models/key.rb`,
 * `lib/gitlab/ssh_public_key.rb`): a key is read as GitLab's `Gitlab::SSHPublicKey` reads it (the
 * algorithm, a base64 blob whose own type must be the same, the fields each algorithm has), and is
 * unique over the instance by its SHA256 fingerprint. The mock serves no SSH, so `last_used_at` stays null.
 * @module
 */

/** The algorithms GitLab takes (`Gitlab::SSHPublicKey::TECHNOLOGIES`), by the technology they belong to. */
const ALGORITHMS: Record<string, string> = {
  'ssh-rsa': 'rsa',
  'ssh-dss': 'dsa',
  'ecdsa-sha2-nistp256': 'ecdsa',
  'ecdsa-sha2-nistp384': 'ecdsa',
  'ecdsa-sha2-nistp521': 'ecdsa',
  'ssh-ed25519': 'ed25519',
  'sk-ecdsa-sha2-nistp256@openssh.com': 'ecdsa_sk',
  'sk-ssh-ed25519@openssh.com': 'ed25519_sk',
};

/**
 * The key types an instance allows by default: every technology but DSA, whose
 * `dsa_key_restriction` defaults to forbidden (`db/structure.sql`), in `TECHNOLOGIES` order,
 * as `SshKeyValidator#forbidden_key_type_message` words them (`Gitlab::Sentence.to_exclusive_sentence`).
 */
const FORBIDDEN_TYPE = 'type is forbidden. Must be RSA, ECDSA, ED25519, ECDSA_SK, or ED25519_SK';

/** The usage types of a key (`Key.usage_types`). */
export const KEY_USAGE_TYPES = ['auth_and_signing', 'auth', 'signing'] as const;

/** A parsed public key: its technology, blob and fingerprints. */
export interface PublicKey {
  technology: string;
  /** `<algorithm> <base64>`, what the key is stored and shown as (the comment apart). */
  body: string;
  /** The comment after the blob, if any. */
  comment: string | undefined;
  fingerprintSha256: string;
  fingerprintMd5: string;
}

/** Reads an SSH wire-format string (uint32 length + bytes) at `offset`; `undefined` past the end. */
function readString(blob: Uint8Array, offset: number): { value: Uint8Array; next: number } | undefined {
  if (offset + 4 > blob.length) return undefined;
  const length =
    ((blob[offset]! << 24) | (blob[offset + 1]! << 16) | (blob[offset + 2]! << 8) | blob[offset + 3]!) >>> 0;
  const next = offset + 4 + length;
  if (next > blob.length) return undefined;
  return { value: blob.subarray(offset + 4, next), next };
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** The fields after the type in each technology's blob (`SSHData::Encoding.decode_public_key`). */
const FIELDS: Record<string, number> = { rsa: 2, dsa: 4, ecdsa: 2, ed25519: 1, ecdsa_sk: 3, ed25519_sk: 2 };

function decodeBase64(text: string): Uint8Array | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text) || text.length % 4 !== 0) return undefined;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return undefined;
  }
}

/** `SSHData::PublicKey.parse_openssh` of `<algorithm> <base64> [comment]`: the blob's type must be the algorithm. */
function parseOpenSsh(text: string): PublicKey | undefined {
  const [algorithm = '', encoded = '', ...rest] = text.trim().split(/\s+/);
  const technology = ALGORITHMS[algorithm];
  const blob = technology ? decodeBase64(encoded) : undefined;
  if (!technology || !blob) return undefined;
  const type = readString(blob, 0);
  if (!type || ascii(type.value) !== algorithm) return undefined;
  let offset = type.next;
  const fields: Uint8Array[] = [];
  for (let i = 0; i < (FIELDS[technology] ?? 0); i++) {
    const field = readString(blob, offset);
    if (!field) return undefined;
    fields.push(field.value);
    offset = field.next;
  }
  // Trailing bytes are a decode error; an Ed25519 key is 32 bytes; an ECDSA key names its own curve.
  if (offset !== blob.length) return undefined;
  if ((technology === 'ed25519' || technology === 'ed25519_sk') && fields[0]?.length !== 32) return undefined;
  if (
    (technology === 'ecdsa' || technology === 'ecdsa_sk') &&
    !algorithm.includes(ascii(fields[0] ?? new Uint8Array()))
  ) {
    return undefined;
  }
  return {
    technology,
    body: `${algorithm} ${encoded}`,
    comment: rest.length > 0 ? rest.join(' ') : undefined,
    fingerprintSha256: base64NoPadding(sha256(blob)),
    fingerprintMd5: [...md5(blob)].map((b) => b.toString(16).padStart(2, '0')).join(':'),
  };
}

/**
 * `Gitlab::SSHPublicKey.new(text)`: options before the algorithm (authorized_keys and known_hosts
 * forms) are skipped, as GitLab's match on `(\A|\s)(<algorithms>).*` skips them.
 */
export function parsePublicKey(text: string): PublicKey | undefined {
  const algorithms = Object.keys(ALGORITHMS).map((a) => a.replace(/[.]/g, '\\.'));
  const match = text.match(new RegExp(`(?:^|\\s)((?:${algorithms.join('|')}).*)`, 's'));
  return match?.[1] ? parseOpenSsh(match[1]) : undefined;
}

/** `Key#publishable_key`: the comment (which may hold an email) replaced by `<user's name> (<host>)`. */
export function publishableKey(world: World, user: User, key: SshKey): string {
  return `${key.key.split(/\s+/).slice(0, 2).join(' ')} ${user.name} (${new URL(world.baseUrl).hostname})`;
}

/** A user's SSH keys, oldest first (the association's order). */
export function keysOf(world: World, user: User): SshKey[] {
  return [...world.sshKeys.values()].filter((key) => key.user_id === user.id).sort((a, b) => a.id - b.id);
}

/** One of a user's keys: `404 Key Not Found` otherwise (`not_found!('Key')`). */
export function findKeyOf(world: World, user: User, id: number): SshKey {
  const key = world.sshKeys.get(id);
  if (!key || key.user_id !== user.id) throw notFound('Key').because(`${user.username} has no SSH key ${id}`);
  return key;
}

/** What adding a key takes (`POST /users/:id/keys`, `POST /user/keys`). */
export interface SshKeyInput {
  title: string;
  key: string;
  /** ISO 8601, or absent (never). */
  expiresAt?: Date;
  usageType?: (typeof KEY_USAGE_TYPES)[number];
  id?: number;
  createdAt?: string;
}

/**
 * The model errors of a new key, as `Key`'s validations add them: `title` present and at most 255
 * characters; `key` present, a key of an allowed type (`SshKeyValidator`), at most 5000 characters
 * and starting with an algorithm (`format`); a fingerprint that could be made and is unique
 * (`fingerprint_sha256`); not already expired (`expiration`, on create).
 */
export function keyErrors(world: World, input: SshKeyInput): { errors: ModelErrors; parsed: PublicKey | undefined } {
  const errors: ModelErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  if (input.title.trim() === '') add('title', "can't be blank");
  else if (input.title.length > 255) add('title', 'is too long (maximum is 255 characters)');
  const text = input.key.trim();
  const parsed = text === '' ? undefined : parsePublicKey(text);
  if (text === '') add('key', "can't be blank");
  else {
    if (!parsed || parsed.technology === 'dsa') add('key', FORBIDDEN_TYPE);
    if (input.key.length > 5000) add('key', 'is too long (maximum is 5000 characters)');
    if (!new RegExp(`^(${Object.keys(ALGORITHMS).join('|')})`).test(text)) add('key', 'is invalid');
  }
  if (!parsed) add('fingerprint_sha256', 'cannot be generated');
  else if ([...world.sshKeys.values()].some((key) => key.fingerprint_sha256 === parsed.fingerprintSha256)) {
    add('fingerprint_sha256', 'has already been taken');
  }
  if (input.expiresAt && input.expiresAt.getTime() <= world.now) add('key', 'has expired');
  return { errors, parsed };
}

/**
 * Adds a key to a user (`Keys::CreateService`): 400 with the model errors
 * (`render_validation_error!`), and nothing changes, when it is invalid.
 */
export function addSshKey(world: World, user: User, input: SshKeyInput): SshKey {
  const { errors, parsed } = keyErrors(world, input);
  if (Object.keys(errors).length > 0 || !parsed) {
    throw validationError(errors).because(`SSH key refused: ${JSON.stringify(errors)}`);
  }
  const key: SshKey = {
    id: input.id ?? nextId(world, 'sshKeys'),
    user_id: user.id,
    title: input.title,
    // `Key#key=` stores `Gitlab::SSHPublicKey.sanitize(value)`: the key and its comment, options dropped.
    key: parsed.comment === undefined ? parsed.body : `${parsed.body} ${parsed.comment}`,
    fingerprint_sha256: parsed.fingerprintSha256,
    fingerprint: parsed.fingerprintMd5,
    usage_type: input.usageType ?? 'auth_and_signing',
    created_at: input.createdAt ?? nowIso(world),
    expires_at: input.expiresAt ? input.expiresAt.toISOString() : null,
    last_used_at: null,
  };
  world.sshKeys.set(key.id, key);
  return key;
}

/** Removes a key (`Keys::DestroyService`). */
export function removeSshKey(world: World, key: SshKey): void {
  world.sshKeys.delete(key.id);
}

// ---- Digests (the mock runs in browsers too, and Web Crypto's digest is asynchronous and has no MD5) ----

function base64NoPadding(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes)).replace(/=+$/, '');
}

const K256 = Uint32Array.from(
  '428a2f98 71374491 b5c0fbcf e9b5dba5 3956c25b 59f111f1 923f82a4 ab1c5ed5 d807aa98 12835b01 243185be 550c7dc3 72be5d74 80deb1fe 9bdc06a7 c19bf174 e49b69c1 efbe4786 0fc19dc6 240ca1cc 2de92c6f 4a7484aa 5cb0a9dc 76f988da 983e5152 a831c66d b00327c8 bf597fc7 c6e00bf3 d5a79147 06ca6351 14292967 27b70a85 2e1b2138 4d2c6dfc 53380d13 650a7354 766a0abb 81c2c92e 92722c85 a2bfe8a1 a81a664b c24b8b70 c76c51a3 d192e819 d6990624 f40e3585 106aa070 19a4c116 1e376c08 2748774c 34b0bcb5 391c0cb3 4ed8aa4a 5b9cca4f 682e6ff3 748f82ee 78a5636f 84c87814 8cc70208 90befffa a4506ceb bef9a3f7 c67178f2'
    .split(' ')
    .map((h) => Number.parseInt(h, 16)),
);

/** SHA-256 (FIPS 180-4). */
export function sha256(message: Uint8Array): Uint8Array {
  const length = message.length;
  const padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
  padded.set(message);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(length / 0x20000000));
  view.setUint32(padded.length - 4, (length << 3) >>> 0);
  const h = Uint32Array.from([
    0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19,
  ]);
  const w = new Uint32Array(64);
  const rotr = (x: number, n: number) => (x >>> n) | (x << (32 - n));
  for (let block = 0; block < padded.length; block += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(block + i * 4);
    for (let i = 16; i < 64; i++) {
      const s0 = rotr(w[i - 15]!, 7) ^ rotr(w[i - 15]!, 18) ^ (w[i - 15]! >>> 3);
      const s1 = rotr(w[i - 2]!, 17) ^ rotr(w[i - 2]!, 19) ^ (w[i - 2]! >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = h as unknown as number[];
    for (let i = 0; i < 64; i++) {
      const t1 =
        (hh! + (rotr(e!, 6) ^ rotr(e!, 11) ^ rotr(e!, 25)) + ((e! & f!) ^ (~e! & g!)) + K256[i]! + w[i]!) >>> 0;
      const t2 = ((rotr(a!, 2) ^ rotr(a!, 13) ^ rotr(a!, 22)) + ((a! & b!) ^ (a! & c!) ^ (b! & c!))) >>> 0;
      [hh, g, f, e, d, c, b, a] = [g, f, e, (d! + t1) >>> 0, c, b, a, (t1 + t2) >>> 0];
    }
    [a, b, c, d, e, f, g, hh].forEach((v, i) => {
      h[i] = (h[i]! + v!) >>> 0;
    });
  }
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (const [i, v] of h.entries()) outView.setUint32(i * 4, v);
  return out;
}

const MD5_SHIFTS = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
const MD5_K = Array.from({ length: 64 }, (_, i) => Math.floor(Math.abs(Math.sin(i + 1)) * 2 ** 32) >>> 0);

/** MD5 (RFC 1321): only for the `fingerprint` GitLab still keeps. */
export function md5(message: Uint8Array): Uint8Array {
  const length = message.length;
  const padded = new Uint8Array(((length + 9 + 63) >> 6) << 6);
  padded.set(message);
  padded[length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, (length << 3) >>> 0, true);
  view.setUint32(padded.length - 4, Math.floor(length / 0x20000000), true);
  const h = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
  for (let block = 0; block < padded.length; block += 64) {
    let [a, b, c, d] = h as [number, number, number, number];
    for (let i = 0; i < 64; i++) {
      const round = i >> 4;
      const f =
        round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
      const g = round === 0 ? i : round === 1 ? (5 * i + 1) % 16 : round === 2 ? (3 * i + 5) % 16 : (7 * i) % 16;
      const shift = MD5_SHIFTS[round * 4 + (i % 4)]!;
      const sum = (a + f + MD5_K[i]! + view.getUint32(block + g * 4, true)) >>> 0;
      [a, d, c] = [d, c, b];
      b = (b + ((sum << shift) | (sum >>> (32 - shift)))) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
  }
  const out = new Uint8Array(16);
  const outView = new DataView(out.buffer);
  for (const [i, v] of h.entries()) outView.setUint32(i * 4, v, true);
  return out;
}
