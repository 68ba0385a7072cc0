import fs from 'node:fs';

/** The shop process's resident memory over one section: the highest sample and the last one. */
export interface MemorySection {
  section: string;
  peakMb: number;
  endMb: number;
  samples: number;
}

export interface MemoryResult {
  pid: number;
  intervalMs: number;
  /** Highest RSS over the whole run (every section that loads the shop). */
  peakMb: number;
  /** RSS after the load, once the shop has idled for a few seconds. */
  idleMb: number | null;
  sections: MemorySection[];
}

/** Resident set size of a process in MB (VmRSS of /proc/<pid>/status), or null when it is gone or not Linux. */
export function rssMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Samples the shop child's RSS every `intervalMs` while the bench runs, grouped by the section under way (the
 * sampler is told when a section starts). Reading /proc costs the shop nothing.
 */
export function sampleMemory(pid: number, intervalMs = 200) {
  const sections: MemorySection[] = [];
  let current: MemorySection | null = null;
  const sample = () => {
    const mb = rssMb(pid);
    if (mb === null || !current) return;
    current.peakMb = Math.max(current.peakMb, mb);
    current.endMb = mb;
    current.samples++;
  };
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  return {
    section(name: string) {
      sample();
      current = { section: name, peakMb: 0, endMb: 0, samples: 0 };
      sections.push(current);
      sample();
    },
    /** Stops sampling; `idleMs` of rest first, then the idle reading. */
    async finish(idleMs = 3000): Promise<MemoryResult> {
      sample();
      current = null;
      await new Promise((resolve) => setTimeout(resolve, idleMs));
      clearInterval(timer);
      const used = sections.filter((s) => s.samples > 0);
      return {
        pid,
        intervalMs,
        peakMb: Math.max(0, ...used.map((s) => s.peakMb)),
        idleMb: rssMb(pid),
        sections: used,
      };
    },
  };
}
