// The FAQ's '¿Qué artículos no puedo enviar?' (docs/product/travel-rules.md#the-faq): rendered from
// the rules in effect (site.travelRules). The server draws the page with them
// (docs/decisions/034-live-public-pages.md) and the browser hydrates with the same answer; the
// build's own prerender, with no answer, shows the seeded rules.
import { List, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { TRAVEL_RULES_MESSAGES as M, TRAVEL_RULES_V1, travelRulesFaqLines } from '@casillero/shared';
import { trpc } from '../../lib/trpc';

export function TravelRulesAnswer() {
  const query = useQuery({ ...trpc.site.travelRules.queryOptions(), staleTime: 5 * 60_000 });
  const lines = travelRulesFaqLines(query.data ?? TRAVEL_RULES_V1);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {M.faqIntro}
      </Text>
      <List size="sm" c="dimmed" spacing={2} aria-label={M.faqQuestion}>
        {lines.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
