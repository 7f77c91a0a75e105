/**
 * A V8 CPU profile (`.cpuprofile`, written by BENCH_PROFILE=cpu or BENCH_PHONE_PROFILE=1) as the
 * profile readers (cpu-profile-top, web-profile-top, ws-profile-windows) take it.
 */
import { readFileSync } from 'node:fs';

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export const readProfile = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as Profile;

/** `<file.cpuprofile> [count]` from the command line: the profile, and how many rows a table shows (25). */
export function profileArgs(script: string): { profile: Profile; count: number } {
  const [file, count = '25'] = process.argv.slice(2);
  if (!file) throw new Error(`usage: ${script} <file.cpuprofile> [count]`);
  return { profile: readProfile(file), count: Number(count) };
}

/** Each node's caller: a profile lists the callees of a node, not its caller. */
export function parentsOf(profile: Profile): Map<number, number> {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  return parent;
}
