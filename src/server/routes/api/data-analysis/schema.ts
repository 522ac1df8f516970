import { z } from 'zod';

export const filesQuery = z.object({ userId: z.string().min(1, 'userId is required') });

export const deleteQuery = z.object({
  fileId: z.string().min(1, 'fileId is required'),
  userId: z.string().min(1, 'userId is required'),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Malformed ids are answered like missing ones (404), so ids leak nothing. */
export const isUuid = (value: string): boolean => UUID.test(value);

const message = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(100_000),
});

export const analysisBody = z.object({
  /** The conversation (the client makes it; a cleared conversation starts a new one). */
  jobId: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, 'jobId must be a conversation id'),
  question: z
    .string()
    .trim()
    .min(1, 'Please enter a question')
    .max(4000, 'The question is too long'),
  messages: z.array(message).max(100).default([]),
  /** Which of the user's data files the question is about (the modal's dropdown). */
  fileId: z.string().min(1, 'Please choose a data file'),
  selectedModel: z.string().nullish(),
});

export const stepQuery = z.object({ stepId: z.string().min(1, 'stepId is required') });

export const attachBody = z.object({
  stepId: z.string().min(1, 'stepId is required'),
  paperId: z.string().min(1, 'paperId is required'),
});
