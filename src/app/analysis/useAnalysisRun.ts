import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { DATA_ANALYSIS_ERROR } from '../../shared/analysis/data-file';
import { analysisKeys, fetchStep, type AnalysisProgress } from './api/data-analysis';

const POLL_MS = 1000;
/** The stream's status markers (shared/ai/stream-markers) are never shown. */
const STATUS_CHUNK = /\[STATUS:[^\]]*\]/g;

export interface RunningStep {
  question: string;
  stepId: string | null;
  text: string;
  progress: AnalysisProgress | null;
}

/**
 * One analysis step from the browser: POST /api/data-analysis streams the step's text and names
 * it in x-step-id; the step's job is polled for progress until it ends, then the conversation
 * is read again with its notebook.
 */
export function useAnalysisRun(conversationId: string) {
  const client = useQueryClient();
  const [running, setRunning] = useState<RunningStep | null>(null);
  const [error, setError] = useState<string | null>(null);
  const stopped = useRef(false);
  // Set again on every mount: StrictMode (and a remount) runs the cleanup and then mounts the
  // same hook again, and a flag left true would stop the progress polling of every later step.
  useEffect(() => {
    stopped.current = false;
    return () => {
      stopped.current = true;
    };
  }, []);

  const start = useCallback(
    async (request: {
      question: string;
      fileId: string;
      messages: { role: 'user' | 'assistant'; content: string }[];
    }): Promise<boolean> => {
      setError(null);
      setRunning({ question: request.question, stepId: null, text: '', progress: null });
      try {
        const response = await fetch('/api/data-analysis', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jobId: conversationId, ...request }),
        });
        if (!response.ok) {
          const body = (await response.json().catch(() => ({}))) as { error?: string };
          // A balance that cannot pay is no failure of the analysis: the balance message of
          // 001 §8 stands alone, as it does for every other AI feature.
          if (response.status === 402 && body.error) {
            setError(body.error);
            return false;
          }
          throw new Error(body.error ?? DATA_ANALYSIS_ERROR);
        }
        const stepId = response.headers.get('x-step-id');
        if (!stepId) console.warn('The data analysis answer has no x-step-id header');
        setRunning((current) => current && { ...current, stepId });
        let finished = false;
        let wake = () => {};
        const poll = async () => {
          while (stepId && !finished && !stopped.current) {
            const step = await fetchStep(stepId).catch(() => null);
            if (step) setRunning((current) => current && { ...current, progress: step.progress });
            if (step && step.status !== 'pending' && step.status !== 'processing') break;
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, POLL_MS);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
          }
        };
        const polling = poll();
        const reader = response.body?.getReader();
        const decoder = new TextDecoder();
        while (reader) {
          const { done, value } = await reader.read();
          if (done) break;
          const text = decoder.decode(value, { stream: true }).replace(STATUS_CHUNK, '');
          setRunning((current) => current && { ...current, text: current.text + text });
        }
        // The stream ends with the step: the progress poll need not finish its wait.
        finished = true;
        wake();
        await polling.catch(() => undefined);
        if (stepId) {
          const step = await fetchStep(stepId);
          if (step.status === 'failed') setError(DATA_ANALYSIS_ERROR);
        }
        return true;
      } catch (failure) {
        console.error('Data analysis failed', failure);
        setError(
          failure instanceof Error && failure.message !== DATA_ANALYSIS_ERROR
            ? `${DATA_ANALYSIS_ERROR} ${failure.message}`
            : DATA_ANALYSIS_ERROR,
        );
        return false;
      } finally {
        await client.invalidateQueries({ queryKey: analysisKeys.conversation(conversationId) });
        setRunning(null);
      }
    },
    [client, conversationId],
  );

  return { running, error, start, clearError: () => setError(null) };
}
