import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Divider,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  IconCalculator,
  IconCalendar,
  IconCheck,
  IconClock,
  IconMapPin,
  IconPlayerPlay,
  IconUsers,
} from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import {
  COURSE_STATS,
  COURSE_TESTIMONIALS,
  COURSES,
  formatUsd,
  whatsappCourseMessage,
  type Course,
  formatDecimal,
} from '@casillero/shared';
import { ButtonLink } from '../components/links';
import { PageHero } from '../components/public/PageHero';
import { StarRating } from '../components/public/StarRating';
import { PageSection } from '../components/public/PageSection';
import { StatGrid } from '../components/public/StatGrid';
import { TestimonialGrid } from '../components/public/TestimonialCard';
import { WhatsAppButton } from '../components/public/WhatsAppButton';
import classes from '../components/public/public.module.css';
import { publicPageHead } from '../lib/site';
import { HeadingWithHint } from '../components/layout/HeadingWithHint';

export const Route = createFileRoute('/cursos')({
  head: publicPageHead('/cursos'),
  component: CoursesPage,
});

function Price({ label, amount }: { label: string; amount: number }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={800} fz="xl" c="indigo.7">
        {formatUsd(amount)}
      </Text>
    </Stack>
  );
}

function CourseCard({ course }: { course: Course }) {
  return (
    <Card withBorder radius="lg" padding="lg" component="article" aria-labelledby={`curso-${course.id}`}>
      <Stack gap="sm" h="100%">
        <Badge variant="light" color="yellow" c="dark">
          {course.badge}
        </Badge>
        <HeadingWithHint order={3} id={`curso-${course.id}`} title={course.title} hint={course.description} />
        <Group gap="md">
          <Group gap={6}>
            <StarRating value={course.rating} size={14} />
            <Text size="sm" fw={600}>
              {formatDecimal(course.rating, { decimals: 1, fixed: true })}
            </Text>
          </Group>
          <Group gap={4}>
            <IconUsers size={14} aria-hidden />
            <Text size="sm">{course.students} estudiantes</Text>
          </Group>
        </Group>
        <Group gap="md">
          <Group gap={4}>
            <IconClock size={14} aria-hidden />
            <Text size="sm">{course.duration}</Text>
          </Group>
          <Badge variant="outline" size="sm">
            {course.level}
          </Badge>
        </Group>
        {course.kind === 'workshop' && (
          <Stack gap={4}>
            <Group gap={4} wrap="nowrap">
              <IconCalendar size={14} aria-hidden />
              <Text size="sm">{course.nextDate}</Text>
            </Group>
            <Group gap={4}>
              <IconMapPin size={14} aria-hidden />
              <Text size="sm">{course.location}</Text>
            </Group>
          </Stack>
        )}
        <Divider />
        <Text size="sm" fw={600}>
          Temas
        </Text>
        <List size="sm" spacing={4}>
          {course.topics.map((t) => (
            <List.Item key={t}>{t}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          Beneficios
        </Text>
        <List
          size="sm"
          spacing={4}
          icon={<IconCheck size={14} color="var(--mantine-color-green-7)" aria-hidden />}
          center
        >
          {course.benefits.map((b) => (
            <List.Item key={b}>{b}</List.Item>
          ))}
        </List>
        <Group mt="auto" pt="sm" gap="xl">
          {course.kind === 'online' ? (
            <>
              <Price label="Curso en línea" amount={course.onlinePriceUsd} />
              <Price label="Con asesoría 1 a 1" amount={course.consultingPriceUsd} />
            </>
          ) : (
            <Price label="Precio regular" amount={course.regularPriceUsd} />
          )}
        </Group>
        <Stack gap="xs">
          <Button
            component="a"
            href={course.previewUrl}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            fullWidth
            leftSection={<IconPlayerPlay size={16} />}
          >
            Ver vista previa
          </Button>
          <WhatsAppButton message={whatsappCourseMessage(course.title)} fullWidth>
            Inscribirme
          </WhatsAppButton>
        </Stack>
      </Stack>
    </Card>
  );
}

function CoursesPage() {
  return (
    <>
      <PageHero
        title="Conviértete en importador digital"
        subtitle="Cursos y talleres para aprender a comprar en USA y China, pagar desde Venezuela y enviar tu mercancía sin intermediarios."
      >
        <Group justify="center" gap="md" mt="sm">
          <ButtonLink to="/cotizar" size="md" variant="white" leftSection={<IconCalculator size={18} />}>
            Calcular un envío
          </ButtonLink>
          <ButtonLink to="/contacto" size="md" color="yellow" c="dark">
            Resolver mis dudas
          </ButtonLink>
        </Group>
      </PageHero>

      <PageSection title="Cursos y talleres" id="cursos">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xl">
          {COURSES.map((course) => (
            <CourseCard key={course.id} course={course} />
          ))}
        </SimpleGrid>
      </PageSection>

      <Box component="section" className={classes.band} py={48} aria-label="Nuestros números">
        <Container size="lg">
          <StatGrid stats={COURSE_STATS} />
        </Container>
      </Box>

      <PageSection title="Lo que dicen nuestros estudiantes">
        <TestimonialGrid testimonials={COURSE_TESTIMONIALS} columns={2} />
      </PageSection>

      <Box component="section" className={classes.hero} py={48}>
        <Container size="md">
          <Stack align="center" ta="center" gap="md">
            <Title order={2} c="white">
              ¿No sabes por dónde empezar?
            </Title>
            <Text className={classes.heroText}>
              Cuéntanos qué quieres importar y te recomendamos el curso adecuado.
            </Text>
            <ButtonLink to="/contacto" search={{ tab: 'contacto' }} size="md" variant="white">
              Contáctanos
            </ButtonLink>
          </Stack>
        </Container>
      </Box>
    </>
  );
}
