import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Board } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { boardKeys } from './keys';

/** GET /api/boards/{code}. */
export const getBoard = (code: string) => api.get<Board>(`/api/boards/${encodeURIComponent(code)}`);

export const getBoardQueryOptions = (code: string) => queryOptions({ queryKey: boardKeys.detail(code), queryFn: () => getBoard(code) });

export const useBoard = (code: string) => useQuery(getBoardQueryOptions(code));
