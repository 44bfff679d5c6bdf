// A Merkle tree over the global log, hashed as RFC 6962 / RFC 9162 (Certificate Transparency) does, so
// that any party can check that an event is in a signed checkpoint (an inclusion proof) and that a later
// checkpoint extends an earlier one without rewriting it (a consistency proof).
//
// - Leaf i is the i-th event of the log in the order the tree took it (see ../../README.md, "Transparency
//   log"); its hash is SHA-256(0x00 || the 32 bytes of the event's hex `hash`).
// - An inner node is SHA-256(0x01 || left || right). The root of no leaves is SHA-256 of nothing.
// - MTH(D[n]) for n > 1 splits at k, the largest power of two below n: hash(MTH(D[0:k]), MTH(D[k:n])).
//
// Every subtree the proofs need is either perfect (2^level leaves starting at index * 2^level: stored once
// and never changed, see NodeSource) or on the tree's right edge, where it is folded from perfect ones. The
// proof functions first name the perfect nodes they need, fetch them in one call, then fold.

import { createHash } from 'node:crypto';

export type Hash = Buffer;

const LEAF_PREFIX = Buffer.from([0x00]);
const NODE_PREFIX = Buffer.from([0x01]);

export const EMPTY_ROOT: Hash = createHash('sha256').digest();

/** The leaf hash of an event: SHA-256(0x00 || the 32 bytes of its hex hash). */
export function leafHashOfEvent(eventHashHex: string): Hash {
  if (!/^[0-9a-f]{64}$/.test(eventHashHex)) throw new TypeError('an event hash is 64 lower-case hex digits');
  return createHash('sha256').update(LEAF_PREFIX).update(Buffer.from(eventHashHex, 'hex')).digest();
}

/** SHA-256(0x01 || left || right). */
export function nodeHash(left: Hash, right: Hash): Hash {
  return createHash('sha256').update(NODE_PREFIX).update(left).update(right).digest();
}

/** A perfect subtree: the 2^level leaves from index * 2^level. Level 0 is a leaf. */
export type NodeId = { level: number; index: number };

/** Where the proofs find perfect subtrees' hashes: a table (SQL), an array (tests, bench), ... */
export interface NodeSource {
  /** The hashes of these perfect subtrees, in the order asked; each one is inside the tree. */
  nodes(ids: readonly NodeId[]): Promise<Hash[]>;
}

/** A subtree of the proofs: leaves [start, end). */
export type Range = { start: number; end: number };

/** The largest power of two strictly below n (n > 1). */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

const isPowerOfTwo = (n: number): boolean => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

/**
 * The perfect subtrees a range is folded from, left to right. A range from the RFC recursions starts at a
 * multiple of its own split, so its left part is always perfect; only a right-edge range is not.
 */
export function perfectParts(range: Range): NodeId[] {
  const parts: NodeId[] = [];
  let start = range.start;
  while (start < range.end) {
    const size = range.end - start;
    const chunk = isPowerOfTwo(size) ? size : splitPoint(size);
    const level = Math.log2(chunk);
    parts.push({ level, index: start / chunk });
    start += chunk;
  }
  return parts;
}

/** Folds the perfect parts (left to right) into the range's hash: right to left, as MTH does. */
export function foldParts(parts: readonly Hash[]): Hash {
  if (parts.length === 0) return EMPTY_ROOT;
  let hash = parts[parts.length - 1]!;
  for (let i = parts.length - 2; i >= 0; i--) hash = nodeHash(parts[i]!, hash);
  return hash;
}

/** RFC 9162 §2.1.3.1 PATH(m, D[n]) as the ranges whose hashes make it, leaf side first. */
export function inclusionRanges(leafIndex: number, treeSize: number): Range[] {
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize) {
    throw new RangeError(`leaf ${leafIndex} is not in a tree of ${treeSize}`);
  }
  const ranges: Range[] = [];
  let start = 0;
  let end = treeSize;
  let m = leafIndex;
  // Walk down from the root; the sibling at each level is pushed, then the list reversed (leaf side first).
  while (end - start > 1) {
    const k = splitPoint(end - start);
    if (m < k) {
      ranges.push({ start: start + k, end });
      end = start + k;
    } else {
      ranges.push({ start, end: start + k });
      start += k;
      m -= k;
    }
  }
  return ranges.reverse();
}

/** RFC 9162 §2.1.4.1 PROOF(m, D[n]) as ranges, in the order of the proof. Empty when m is 0 or m = n. */
export function consistencyRanges(size1: number, size2: number): Range[] {
  if (!Number.isSafeInteger(size1) || !Number.isSafeInteger(size2) || size1 < 0 || size1 > size2) {
    throw new RangeError(`no consistency proof from a tree of ${size1} to one of ${size2}`);
  }
  if (size1 === 0 || size1 === size2) return [];
  const ranges: Range[] = [];
  // SUBPROOF(m, D[start:end], b), unrolled: each step appends after what the deeper steps give.
  const tail: Range[] = [];
  let start = 0;
  let end = size2;
  let m = size1;
  let b = true;
  for (;;) {
    const n = end - start;
    if (m === n) {
      if (!b) ranges.push({ start, end });
      break;
    }
    const k = splitPoint(n);
    if (m <= k) {
      tail.push({ start: start + k, end });
      end = start + k;
    } else {
      tail.push({ start, end: start + k });
      start += k;
      m -= k;
      b = false;
    }
  }
  return ranges.concat(tail.reverse());
}

async function hashesOf(source: NodeSource, ranges: readonly Range[]): Promise<Hash[]> {
  const parts = ranges.map(perfectParts);
  const flat = parts.flat();
  const fetched = flat.length ? await source.nodes(flat) : [];
  let at = 0;
  return parts.map((ids) => {
    const hashes = fetched.slice(at, at + ids.length);
    at += ids.length;
    return foldParts(hashes);
  });
}

export async function inclusionProof(source: NodeSource, leafIndex: number, treeSize: number): Promise<Hash[]> {
  return hashesOf(source, inclusionRanges(leafIndex, treeSize));
}

export async function consistencyProof(source: NodeSource, size1: number, size2: number): Promise<Hash[]> {
  return hashesOf(source, consistencyRanges(size1, size2));
}

/** The root of a tree of `treeSize` leaves, folded from its perfect subtrees (one per bit of the size). */
export async function rootOf(source: NodeSource, treeSize: number): Promise<Hash> {
  if (treeSize === 0) return EMPTY_ROOT;
  return (await hashesOf(source, [{ start: 0, end: treeSize }]))[0]!;
}

/** MTH of a list of leaf hashes, computed whole (no source). */
export function rootOfLeaves(leaves: readonly Hash[]): Hash {
  if (leaves.length === 0) return EMPTY_ROOT;
  let level: Hash[] = leaves.slice();
  // Pairs up left to right; an odd last node is carried up unchanged, which is RFC 6962's MTH.
  while (level.length > 1) {
    const next: Hash[] = [];
    for (let i = 0; i + 1 < level.length; i += 2) next.push(nodeHash(level[i]!, level[i + 1]!));
    if (level.length % 2 === 1) next.push(level[level.length - 1]!);
    level = next;
  }
  return level[0]!;
}

const lsb = (n: number): boolean => n % 2 === 1;
const half = (n: number): number => Math.floor(n / 2);

/** RFC 9162 §2.1.3.2: is `leafHash` at `leafIndex` in the tree of `treeSize` leaves with this root? */
export function verifyInclusion(leafHash: Hash, leafIndex: number, treeSize: number, path: readonly Hash[], root: Hash): boolean {
  if (!Number.isSafeInteger(leafIndex) || !Number.isSafeInteger(treeSize) || leafIndex < 0 || leafIndex >= treeSize) return false;
  let fn = leafIndex;
  let sn = treeSize - 1;
  let r = leafHash;
  for (const p of path) {
    if (sn === 0) return false;
    if (lsb(fn) || fn === sn) {
      r = nodeHash(p, r);
      if (!lsb(fn)) {
        do {
          fn = half(fn);
          sn = half(sn);
        } while (!lsb(fn) && fn !== 0);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return sn === 0 && r.equals(root);
}

/**
 * RFC 9162 §2.1.4.2: does the tree of `size2` leaves with root2 extend the one of `size1` with root1?
 * Outside the RFC's 0 < size1 < size2: equal sizes need an empty proof and equal roots; size 0 (the empty
 * tree, which every tree extends) needs an empty proof.
 */
export function verifyConsistency(size1: number, size2: number, proof: readonly Hash[], root1: Hash, root2: Hash): boolean {
  if (!Number.isSafeInteger(size1) || !Number.isSafeInteger(size2) || size1 < 0 || size1 > size2) return false;
  if (size1 === size2) return proof.length === 0 && root1.equals(root2);
  if (size1 === 0) return proof.length === 0;
  if (proof.length === 0) return false;
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : [...proof];
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (lsb(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) return false;
    if (lsb(fn) || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      if (!lsb(fn)) {
        do {
          fn = half(fn);
          sn = half(sn);
        } while (!lsb(fn) && fn !== 0);
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  return fr.equals(root1) && sr.equals(root2) && sn === 0;
}

/**
 * A tree held in memory: every perfect subtree's hash, level by level (tests, the bench, a verifier that
 * recomputes the tree from the events).
 */
export class MemoryTree implements NodeSource {
  /** levels[l][i]: the perfect subtree of 2^l leaves from i * 2^l. */
  readonly levels: Hash[][] = [[]];

  get size(): number {
    return this.levels[0]!.length;
  }

  /** Adds a leaf hash and the perfect subtrees it completes; returns those new nodes (level > 0). */
  append(leaf: Hash): { level: number; index: number; hash: Hash }[] {
    const made: { level: number; index: number; hash: Hash }[] = [];
    this.levels[0]!.push(leaf);
    let level = 0;
    let index = this.levels[0]!.length - 1;
    while (index % 2 === 1) {
      const row = this.levels[level]!;
      const hash = nodeHash(row[index - 1]!, row[index]!);
      level++;
      index = half(index);
      (this.levels[level] ??= []).push(hash);
      made.push({ level, index, hash });
    }
    return made;
  }

  async nodes(ids: readonly NodeId[]): Promise<Hash[]> {
    return ids.map(({ level, index }) => {
      const hash = this.levels[level]?.[index];
      if (!hash) throw new RangeError(`no node at level ${level}, index ${index}`);
      return hash;
    });
  }

  root(size = this.size): Promise<Hash> {
    return rootOf(this, size);
  }
}
