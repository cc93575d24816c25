import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { ApiError } from '../api/client';

/** The page's one query cache: every part of the app that asks the API shares it (one area runs per page). */
let appClient: QueryClient | undefined;

function queryClient(): QueryClient {
  appClient ??= new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
      },
    },
  });
  return appClient;
}

/**
 * The query cache for what it wraps. Only the parts that ask the API come inside one (src/app/lazy-with-queries.tsx),
 * so the pages that ask nothing (the welcome and landing pages) load no React Query. Inside a client already
 * given (a test's), it adds none.
 */
export function Providers({ children }: { children: ReactNode }) {
  const given = useContext(QueryClientContext);
  if (given) return children;
  return <QueryClientProvider client={queryClient()}>{children}</QueryClientProvider>;
}
