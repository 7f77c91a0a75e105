import { Select } from '@mantine/core';
import { LANGUAGE_NAMES, LANGUAGES, type Language, type RoomReply } from '@playshop/shared';
import type { t as translate } from '../../i18n/i18n';
import { useT } from '../../i18n/locale-provider';
import { toastError } from '../../ui/toast';
import { useSetRoomLanguage } from './rooms-api';

/** The choice that stores null: the room follows its organization's language. */
const ORGANIZATION = 'organization';

/** A room's language choices: its organization's (the default), then each language by its own name. */
export function roomLanguageOptions(t: typeof translate) {
  return [
    { value: ORGANIZATION, label: t('rooms.languageOrganization') },
    ...LANGUAGES.map((language) => ({ value: language, label: LANGUAGE_NAMES[language] })),
  ];
}

export const languageChoice = (language: Language | null | undefined) => language ?? ORGANIZATION;
export const chosenLanguage = (choice: string | null): Language | null =>
  choice && choice !== ORGANIZATION ? (choice as Language) : null;

/** What the rooms list says of a room's language for a reader who cannot change it. */
export const roomLanguageName = (t: typeof translate, room: RoomReply) =>
  room.language
    ? LANGUAGE_NAMES[room.language]
    : t('rooms.languageFollowsOrganization', { language: LANGUAGE_NAMES[room.effectiveLanguage] });

/** The rooms list's Language cell for a room manager: PUT /rooms/:id/language on change. */
export function RoomLanguageSelect({ room }: { room: RoomReply }) {
  const t = useT();
  const save = useSetRoomLanguage();
  return (
    <Select
      size="xs"
      w={190}
      aria-label={t('rooms.languageOf', { name: room.name })}
      data={roomLanguageOptions(t)}
      value={languageChoice(room.language)}
      allowDeselect={false}
      disabled={save.isPending}
      onChange={(choice) =>
        save.mutate(
          { id: room.id, language: chosenLanguage(choice) },
          { onError: (err) => toastError(err.message) },
        )
      }
    />
  );
}
