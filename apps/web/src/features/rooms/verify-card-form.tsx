import { Alert, Button, Group, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { ballLabel, type PrintedClaimReply } from '@playshop/shared';
import { IconCircleCheck, IconCircleX, IconQuestionMark } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../api/client';
import { useT } from '../../i18n/locale-provider';
import { staffPatternName } from '../../i18n/pattern-names';
import { verifyPrintedCard } from './printed-cards-api';

const balls = (numbers: number[]) => numbers.map(ballLabel).join(', ');

/** Alert titles in black: Mantine's coloured title is too pale to read on its tint (the icon and tint carry the colour). */
const AlertTitle = ({ children }: { children: string }) => (
  <Text component="span" fw={700} size="sm" c="black">
    {children}
  </Text>
);

function ClaimResult({ reply }: { reply: PrintedClaimReply }) {
  const t = useT();
  if (reply.result === 'unknown') {
    return (
      <Alert
        color="gray"
        title={<AlertTitle>{t('rooms.unknownSerial')}</AlertTitle>}
        icon={<IconQuestionMark size={18} aria-hidden />}
      >
        {t('rooms.unknownSerialText', { serial: reply.serial })}
      </Alert>
    );
  }
  const current = reply.prizes[reply.currentPrize]!;
  const name = staffPatternName(current.pattern);
  const others = reply.prizes.filter((_, i) => i !== reply.currentPrize);
  const called = t('rooms.ballsCalled', { count: reply.calledCount });
  return (
    <Alert
      color={reply.result === 'bingo' ? 'green' : 'red'}
      title={
        <AlertTitle>{reply.result === 'bingo' ? t('rooms.validBingo') : t('rooms.notBingo')}</AlertTitle>
      }
      icon={
        reply.result === 'bingo' ? (
          <IconCircleCheck size={18} aria-hidden />
        ) : (
          <IconCircleX size={18} aria-hidden />
        )
      }
    >
      <Stack gap={4}>
        <Text size="sm">
          {reply.result === 'bingo'
            ? t('rooms.cardWins', { serial: reply.serial, name, called })
            : t('rooms.cardDoesNotWin', {
                serial: reply.serial,
                name,
                called,
                missing: balls(current.missing),
              })}
        </Text>
        {others.length > 0 && (
          <List size="sm" spacing={2}>
            {others.map((p, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a round's prizes are an ordered list that may repeat a pattern
              <List.Item key={i}>
                {staffPatternName(p.pattern)}:{' '}
                {p.wins ? t('rooms.prizeWins') : t('rooms.prizeMissing', { missing: balls(p.missing) })}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Alert>
  );
}

/** A shouted claim: the facilitator types the card's serial, the server checks it against the balls called. */
export function VerifyCardForm({ roomId }: { roomId: number | null }) {
  const t = useT();
  const [serial, setSerial] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [reply, setReply] = useState<PrintedClaimReply | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (roomId === null) return;
    if (!serial.trim()) return setError(t('rooms.typeSerial'));
    setBusy(true);
    setError(null);
    setReply(null);
    try {
      setReply(await verifyPrintedCard(roomId, serial));
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="sm">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('rooms.cardSerial')}
            placeholder="K7QM4X-017"
            value={serial}
            onChange={(e) => setSerial(e.currentTarget.value)}
            error={error}
            autoComplete="off"
            spellCheck={false}
            style={{ flex: 1 }}
            disabled={roomId === null}
          />
          <Button type="submit" loading={busy} disabled={roomId === null}>
            {t('rooms.verify')}
          </Button>
        </Group>
      </form>
      <div role="status" aria-live="polite">
        {reply && <ClaimResult reply={reply} />}
      </div>
    </Stack>
  );
}

/** The facilitator game screen's side panel: verify a printed card's claim during the game. */
export function VerifyCardPanel({ roomId }: { roomId: number }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" p="md" mt="md" component="section" aria-labelledby="verify-card-title">
      <Title order={2} fz="md" mb="xs" id="verify-card-title">
        {t('rooms.verifyCard')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('rooms.verifyCardHint')}
      </Text>
      <VerifyCardForm roomId={roomId} />
    </Paper>
  );
}
