/**
 * CPU lists as Linux writes them ("0", "1,3", "2-5"), for JOBS_CPUS: the CPUs the job process may
 * use, and the rest for the web process.
 */

/** The CPUs a list names, or why it cannot be used on a machine with `count` CPUs. */
export function parseCpuList(list: string, count: number): number[] | string {
  const cpus = new Set<number>();
  for (const part of list.split(',')) {
    const [from, to = from] = part.split('-').map(Number) as [number, number?];
    if (!Number.isInteger(from) || !Number.isInteger(to) || to < from) return `kan ikke læses: ${list}`;
    if (to >= count) return `nævner CPU ${to}, men maskinen har kun CPU 0–${count - 1}`;
    for (let cpu = from; cpu <= to; cpu += 1) cpus.add(cpu);
  }
  return [...cpus].sort((a, b) => a - b);
}

/** Writes CPUs as a list, ranges joined: [0, 1, 2, 5] → "0-2,5". */
export function formatCpuList(cpus: number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < cpus.length; ) {
    let j = i;
    while (j + 1 < cpus.length && cpus[j + 1] === cpus[j]! + 1) j += 1;
    parts.push(i === j ? String(cpus[i]) : `${cpus[i]}-${cpus[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The job process's CPUs and the web process's (all the others), or why the list cannot be used. */
export function splitCpus(jobsList: string, count: number): { jobs: string; web: string } | string {
  const jobs = parseCpuList(jobsList, count);
  if (typeof jobs === 'string') return jobs;
  const web = Array.from({ length: count }, (_, cpu) => cpu).filter((cpu) => !jobs.includes(cpu));
  if (web.length === 0) return `tager alle maskinens ${count} CPU'er; webprocessen skal have mindst én`;
  return { jobs: formatCpuList(jobs), web: formatCpuList(web) };
}
