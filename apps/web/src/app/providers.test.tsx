import { QueryClient, QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Providers } from './providers';

const seen: QueryClient[] = [];

function ClientProbe({ name }: { name: string }) {
  const client = useQueryClient();
  seen.push(client);
  return <p>{name}</p>;
}

describe('Providers (the page’s query cache)', () => {
  it('gives every part it wraps the same cache, so parts loaded apart share what they asked', () => {
    seen.length = 0;
    render(
      <>
        <Providers>
          <ClientProbe name="sign-up" />
        </Providers>
        <Providers>
          <ClientProbe name="terms" />
        </Providers>
      </>,
    );
    expect(screen.getByText('terms')).toBeInTheDocument();
    expect(seen[0]).toBeInstanceOf(QueryClient);
    expect(new Set(seen).size).toBe(1);
  });

  it('adds none inside a cache already given (a test’s)', () => {
    seen.length = 0;
    const given = new QueryClient();
    render(
      <QueryClientProvider client={given}>
        <Providers>
          <ClientProbe name="inside" />
        </Providers>
      </QueryClientProvider>,
    );
    expect(seen.every((client) => client === given)).toBe(true);
  });
});
