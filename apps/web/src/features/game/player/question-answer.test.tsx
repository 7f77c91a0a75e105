import { MantineProvider } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { openQuiz, quiz, show } from '../../../test/game-fixtures';
import { ContentView } from '../../content/display/content-view';
import { QuestionSlot } from '../../content/display/question-slot';
import { QuestionAnswer } from './question-answer';

const open = openQuiz;
const tile = (name: string) => screen.getByRole('button', { name: new RegExp(name) });

describe('a question in the live game, for a player', () => {
  it('sends a pick, shows it at once, and lets the player change it until closed', () => {
    const onAnswer = vi.fn();
    const view = show(<QuestionAnswer content={quiz} question={open} onAnswer={onAnswer} />);
    expect(screen.getByText('Pick your answer')).toBeTruthy();
    fireEvent.click(tile('The lift'));
    expect(onAnswer).toHaveBeenLastCalledWith(32);
    expect(tile('The lift').getAttribute('aria-pressed')).toBe('true');
    // The server confirms; the player changes their mind.
    view.rerender(
      <MantineProvider>
        <QuestionAnswer content={quiz} question={{ ...open, myAnswer: 32 }} onAnswer={onAnswer} />
      </MantineProvider>,
    );
    expect(screen.getByText(/Answer sent/)).toBeTruthy();
    fireEvent.click(tile('The door'));
    expect(onAnswer).toHaveBeenLastCalledWith(31);
    expect(tile('The door').getAttribute('aria-pressed')).toBe('true');
    expect(tile('The lift').getAttribute('aria-pressed')).toBe('false');
    // Closed: the server's answer stands and nothing more is sent.
    view.rerender(
      <MantineProvider>
        <QuestionAnswer
          content={quiz}
          question={{ ...open, myAnswer: 31, closed: true }}
          onAnswer={onAnswer}
        />
      </MantineProvider>,
    );
    expect(screen.getByText('Answers are closed: wait for the reveal')).toBeTruthy();
    expect(tile('The lift').hasAttribute('disabled')).toBe(true);
    fireEvent.click(tile('The lift'));
    expect(onAnswer).toHaveBeenCalledTimes(2);
  });

  it('says right or wrong only on reveal, with the correct answer and the counts', () => {
    const tally = [
      { answerId: 31, count: 2 },
      { answerId: 32, count: 1 },
    ];
    const revealed = { ...open, closed: true, correct: 31, tally };
    const view = show(
      <QuestionAnswer content={quiz} question={{ ...revealed, myAnswer: 32 }} onAnswer={() => {}} />,
    );
    expect(screen.getByText('Not this time')).toBeTruthy();
    expect(screen.getByText('The correct answer: The door')).toBeTruthy();
    expect(tile('The door').hasAttribute('data-correct')).toBe(true);
    expect(tile('The lift').hasAttribute('data-wrong')).toBe(true);
    expect(screen.getByText('2 answers')).toBeTruthy();
    view.rerender(
      <MantineProvider>
        <QuestionAnswer content={quiz} question={{ ...revealed, myAnswer: 31 }} onAnswer={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByText('You were right!')).toBeTruthy();
    view.rerender(
      <MantineProvider>
        <QuestionAnswer content={quiz} question={revealed} onAnswer={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByText('You did not answer this one')).toBeTruthy();
  });

  it('is what ContentView draws for a question inside a game; outside one, the library view', () => {
    const view = show(
      <QuestionSlot.Provider
        value={(c) => <QuestionAnswer content={c} question={open} onAnswer={() => {}} />}
      >
        <ContentView content={quiz} />
      </QuestionSlot.Provider>,
    );
    expect(screen.getByText('Pick your answer')).toBeTruthy();
    view.unmount();
    show(<ContentView content={quiz} />);
    expect(screen.queryByText('Pick your answer')).toBeNull();
    // Without the key a game frame never carries, the library view cannot say right or wrong.
    fireEvent.click(screen.getByRole('button', { name: 'The door' }));
    expect(screen.queryByText(/answer!/)).toBeNull();
  });
});
