/** Builds the pre-filled "new issue" URL for a crashed page (pure, unit-tested). */
export function errorChain(error: unknown): string[] {
  const messages: string[] = [];
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current !== undefined && current !== null && !seen.has(current) && messages.length < 10) {
    seen.add(current);
    messages.push(current instanceof Error ? current.message : String(current));
    current = current instanceof Error ? current.cause : undefined;
  }
  return messages;
}

export function reportUrl(docsRepo: string, page: string, error: unknown): string {
  const chain = errorChain(error);
  const title = `Page crashed: ${page || 'unknown page'}`;
  const body = [
    `Page: ${page || 'unknown'}`,
    '',
    'Error and causes:',
    ...chain.map((message, i) => `${i === 0 ? '-' : '  caused by:'} ${message}`),
  ].join('\n');
  const params = new URLSearchParams({title, body});
  return `${docsRepo.replace(/\/$/, '')}/issues/new?${params.toString()}`;
}
