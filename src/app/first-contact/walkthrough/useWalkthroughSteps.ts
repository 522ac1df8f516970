import { useQuery } from '@tanstack/react-query';
import {
  NARRATIVE_PATH,
  WALKTHROUGH_STEPS,
  describeSteps,
  missingScreenshotsWarning,
  walkthroughFileName,
} from './walkthrough-steps';

async function exists(path: string): Promise<boolean> {
  try {
    const response = await fetch(path, { method: 'HEAD', cache: 'no-store' });
    return response.ok && (response.headers.get('content-type') ?? '').startsWith('image/');
  } catch {
    return false;
  }
}

/** Which screenshots exist, checked with HEAD and no caching (002 §7), once per page load. */
export function useWalkthroughSteps() {
  return useQuery({
    queryKey: ['walkthrough-steps'],
    queryFn: async () => {
      const availability = await Promise.all(
        WALKTHROUGH_STEPS.map((step, index) =>
          exists(`${NARRATIVE_PATH}${walkthroughFileName(index, step.id)}`),
        ),
      );
      const steps = describeSteps(availability);
      const warning = missingScreenshotsWarning(steps);
      if (warning) console.warn(warning);
      return steps;
    },
    staleTime: Infinity,
  });
}
