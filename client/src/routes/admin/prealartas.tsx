import { createFileRoute, redirect } from '@tanstack/react-router';

// The screen's first address, misspelt; bookmarks and old links still reach it, with their filters.
export const Route = createFileRoute('/admin/prealartas')({
  beforeLoad: () => {
    throw redirect({ to: '/admin/prealertas', search: true, replace: true });
  },
});
