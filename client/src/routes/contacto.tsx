import { Accordion, Container, Grid, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconHelpCircle, IconMessageCircle } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { FAQ_SECTIONS } from '@casillero/shared';
import { TravelRulesAnswer } from '../components/public/TravelRulesAnswer';
import { PageHero } from '../components/public/PageHero';
import { searchEnum } from '../lib/search';
import { publicPageHead } from '../lib/site';
import { ContactForm } from './-components/ContactForm';
import { ContactDetails } from './-components/ContactDetails';

const TABS = ['faq', 'contacto'] as const;
type ContactTab = (typeof TABS)[number];

export const Route = createFileRoute('/contacto')({
  validateSearch: (search: Record<string, unknown>): { tab?: ContactTab } => {
    const tab = searchEnum(search.tab, TABS, 'faq');
    return tab === 'faq' ? {} : { tab };
  },
  head: publicPageHead('/contacto'),
  component: ContactPage,
});

function ContactPage() {
  const { tab = 'faq' } = Route.useSearch();
  const navigate = Route.useNavigate();

  return (
    <>
      <PageHero
        title="Ayuda y contacto"
        subtitle="Resuelve tus dudas sobre talleres, cursos, casilleros, envíos y pagos, o escríbenos directamente."
      />
      <Container size="lg" py={40}>
        <Tabs
          value={tab}
          onChange={(value) => {
            const next = searchEnum(value, TABS, 'faq');
            void navigate({ search: next === 'faq' ? {} : { tab: next }, replace: true, resetScroll: false });
          }}
        >
          <Tabs.List mb="xl" grow>
            <Tabs.Tab value="faq" leftSection={<IconHelpCircle size={16} />}>
              Preguntas Frecuentes
            </Tabs.Tab>
            <Tabs.Tab value="contacto" leftSection={<IconMessageCircle size={16} />}>
              Contacto
            </Tabs.Tab>
          </Tabs.List>

          <Tabs.Panel value="faq">
            {/* Every answer is in the page's HTML, the closed ones hidden: search engines and a reader
                without JavaScript get them all (a closed panel is otherwise left out of the HTML). */}
            {/* Each section's control is an h2 (its questions are h3): the headings go in order. */}
            <Accordion
              order={2}
              variant="separated"
              radius="md"
              multiple
              defaultValue={[FAQ_SECTIONS[0].id]}
              keepMounted
              keepMountedMode="display-none"
            >
              {FAQ_SECTIONS.map((section) => (
                <Accordion.Item key={section.id} value={section.id}>
                  <Accordion.Control>
                    <Text fw={600}>{section.title}</Text>
                  </Accordion.Control>
                  <Accordion.Panel>
                    <Stack gap="md">
                      {section.items.map((item) => (
                        <div key={item.question}>
                          <Title order={3} size="h6" mb={4}>
                            {item.question}
                          </Title>
                          {item.rules ? (
                            <TravelRulesAnswer />
                          ) : (
                            <Text size="sm" c="dimmed">
                              {item.answer}
                            </Text>
                          )}
                        </div>
                      ))}
                    </Stack>
                  </Accordion.Panel>
                </Accordion.Item>
              ))}
            </Accordion>
          </Tabs.Panel>

          <Tabs.Panel value="contacto">
            <Grid gap="xl">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Paper withBorder radius="lg" p="lg">
                  <Title order={2} size="h3" mb="md">
                    Envíanos un mensaje
                  </Title>
                  <ContactForm />
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <ContactDetails />
              </Grid.Col>
            </Grid>
          </Tabs.Panel>
        </Tabs>
      </Container>
    </>
  );
}
