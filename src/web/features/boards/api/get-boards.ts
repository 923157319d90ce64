import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Board } from '../../../../shared/api.js';
import { api } from '../../../lib/api-client';
import { boardKeys } from './keys';

/** GET /api/boards. */
export const getBoards = () => api.get<Board[]>('/api/boards');

export const getBoardsQueryOptions = () => queryOptions({ queryKey: boardKeys.list(), queryFn: getBoards });

export const useBoards = () => useQuery(getBoardsQueryOptions());
