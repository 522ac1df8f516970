import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { CitedWork } from '../../../shared/citations/work';
import type { Paper } from '../../../shared/papers/paper';
import { apiFetch } from '../../api/http';
import type { SavedSection } from '../../ai/writing/api/writing-api';

/** 001 §9: the rewrite status is checked every 10 seconds. */
export const REWRITE_STATUS_POLL_MS = 10_000;

export type RewriteTreeStatus = 'not_started' | 'processing' | 'completed' | 'failed';

/** A section of GET /api/paper-rewrite/sections (docs/ai-api.md). */
export interface RewrittenSection {
  section_index: number;
  section_number: string;
  section_title: string;
  task_type: 'rewrite_enrich' | 'rewrite_custom';
  status: RewriteTreeStatus;
  original_content: string;
  content: string;
  /** A JSON string of CitedWork[] (001 §7). */
  citations: string;
  removed_citations: number;
  weak_sentences: { sentence: string; refIds: string[] }[];
  error: string | null;
}

export interface StartRewriteBody {
  paperId: string;
  paperType: string;
  sections: {
    sectionIndex: number;
    sectionNumber: string;
    sectionTitle: string;
    contentMarkdown: string;
    references: string[];
    shouldRewrite: boolean;
    customInstructions: string;
    enableLiteratureSearch: boolean;
  }[];
  tasks: {
    sectionIndex: number;
    sectionNumber: string;
    type: 'rewrite_enrich' | 'rewrite_custom';
    customInstructions: string;
    enableLiteratureSearch: boolean;
  }[];
  allReferences: unknown[];
  filters?: unknown;
  selectedModel?: string;
}

export const rewriteKeys = {
  active: ['paper-rewrite', 'active'] as const,
  status: (paperId: string) => ['paper-rewrite', 'status', paperId] as const,
  sections: (paperId: string) => ['paper-rewrite', 'sections', paperId] as const,
};

const path = (route: string, paperId: string) =>
  `/api/paper-rewrite/${route}/${encodeURIComponent(paperId)}`;

export function parseCitations(section: RewrittenSection): CitedWork[] {
  try {
    const parsed = JSON.parse(section.citations) as unknown;
    return Array.isArray(parsed) ? (parsed as CitedWork[]) : [];
  } catch {
    return [];
  }
}

/** 002 §7: the papers being rewritten (a paper's isBeingRewritten), refreshed every 10 s. */
export function useActiveRewrites() {
  return useQuery({
    queryKey: rewriteKeys.active,
    queryFn: async () =>
      (await apiFetch<{ activeRewrites: string[] }>('/api/paper-rewrite/active-rewrites'))
        .activeRewrites,
    refetchInterval: REWRITE_STATUS_POLL_MS,
  });
}

export function useRewriteStatus(paperId: string) {
  return useQuery({
    queryKey: rewriteKeys.status(paperId),
    queryFn: async () =>
      (await apiFetch<{ processing_status: string }>(path('status', paperId))).processing_status,
    refetchInterval: REWRITE_STATUS_POLL_MS,
    retry: false,
  });
}

export function useRewriteSections(paperId: string) {
  return useQuery({
    queryKey: rewriteKeys.sections(paperId),
    queryFn: async () =>
      (await apiFetch<{ sections: RewrittenSection[] }>(path('sections', paperId))).sections,
    retry: false,
  });
}

/** The calls that change a rewrite; each refreshes what the modal and the workspace show. */
export function useRewriteActions(paperId: string) {
  const client = useQueryClient();
  const refresh = useCallback(async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: rewriteKeys.active }),
      client.invalidateQueries({ queryKey: rewriteKeys.status(paperId) }),
      client.invalidateQueries({ queryKey: rewriteKeys.sections(paperId) }),
    ]);
  }, [client, paperId]);
  const post = useCallback(
    async <T>(route: string, body: unknown = {}) => {
      try {
        return await apiFetch<T>(route, { method: 'POST', body: JSON.stringify(body) });
      } finally {
        await refresh();
      }
    },
    [refresh],
  );
  return {
    refresh,
    start: (body: StartRewriteBody) => post<{ jobId: string }>('/api/paper-rewrite/start', body),
    cancel: () => post<{ success: true }>(path('cancel', paperId)),
    clearStatus: () => post<{ success: true }>(path('clear-status', paperId)),
    /** Save: the server merges the rewritten sections into the paper (issue 32). */
    save: () => post<{ paper: Paper; sections: SavedSection[] }>(path('save', paperId)),
  };
}
