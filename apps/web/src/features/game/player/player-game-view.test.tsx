import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { content, playing, room, show } from '../../../test/game-fixtures';
import type { GameState } from '../shared/game-reducer';
import { createGameStore } from '../shared/game-store';
import { createShownRolls } from '../shared/shown-rolls';
import { BingoNews } from './bingo-news';
import { LobbyView } from './lobby-view';
import { PlayerGameView } from './player-game-view';

describe('lobby', () => {
  it('the lobby counts every player, and says so when the room is too big to list them', () => {
    const lobby = (
      players: { username: string; isReady: boolean; hasBingo: boolean }[],
      playerCount: number,
    ) =>
      show(
        <LobbyView
          roomName="Room"
          workshopName="W"
          sessionName={null}
          players={players}
          playerCount={playerCount}
          lobbyOpen
        />,
      );
    const small = lobby([{ username: 'ann', isReady: false, hasBingo: false }], 1);
    expect(screen.getByRole('heading', { name: 'Players (1)' })).toBeTruthy();
    expect(screen.getByText('ann')).toBeTruthy();
    small.unmount();
    lobby([], 250);
    expect(screen.getByRole('heading', { name: 'Players (250)' })).toBeTruthy();
    expect(screen.queryByText('No players yet')).toBeNull();
    expect(screen.getByText('Too many players to list here.')).toBeTruthy();
  });
});

function playerView(state: GameState, onMark = vi.fn(), username = 'ann') {
  const store = createGameStore(state);
  return show(
    <PlayerGameView
      room={room}
      store={store}
      shown={createShownRolls(store)}
      status="open"
      username={username}
      onMark={onMark}
      onLeave={() => {}}
      onRetry={() => {}}
    />,
  );
}

describe('player game screen', () => {
  it('keeps the card during a roll: the ball comes in a sheet above it and the player can mark meanwhile', () => {
    const onMark = vi.fn();
    playerView({ ...playing, gameState: 'roll', bingoRolls: [1, 17, 32] }, onMark);
    expect(screen.getByRole('region', { name: 'New ball' })).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Your bingo card' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I 17, rolled' }));
    expect(onMark).toHaveBeenCalledWith(17);
    expect(screen.getByRole('button', { name: 'B 1, marked' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows sent content above the card, and the player can minimise it and bring it back', () => {
    playerView({ ...playing, gameState: 'content', contentId: 9, content });
    const sheet = screen.getByRole('region', { name: 'From the facilitator' });
    expect(within(sheet).getByText('Find the nearest exit')).toBeTruthy();
    expect(screen.getByRole('group', { name: 'Your bingo card' })).toBeTruthy();
    fireEvent.click(within(sheet).getByRole('button', { name: 'Minimise' }));
    expect(within(sheet).getByRole('button', { name: 'Show' }).getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(within(sheet).getByRole('button', { name: 'Show' }));
    expect(within(sheet).getByRole('button', { name: 'Minimise' }).getAttribute('aria-expanded')).toBe(
      'true',
    );
  });

  it("shows the current session's name", () => {
    playerView(playing);
    expect(screen.getByText('Session: Fire safety')).toBeTruthy();
  });

  it("on a win: the win screen above the card, with no Close for a player, and 'ann has bingo' for the others", async () => {
    playerView({ ...playing, gameState: 'game_over', winners: ['ann'] }, vi.fn(), 'bob');
    // The win screen loads with the first win (player-game-view.tsx).
    expect(await screen.findByText('ann has won the game!')).toBeTruthy();
    expect(screen.getByText('ann has bingo')).toBeTruthy();
    expect(screen.queryByText('Bingo!')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    expect(screen.getByRole('group', { name: 'Your bingo card' })).toBeTruthy();
  });

  it("who has bingo: 'You have bingo!' for the winner, names for everyone else, nothing before a win", () => {
    const view = show(<BingoNews winners={['ann', 'cy']} username="ann" />);
    expect(screen.getByText('You have bingo!')).toBeTruthy();
    view.unmount();
    const other = show(<BingoNews winners={['ann', 'cy']} username="bob" />);
    expect(screen.getByText('ann and cy have bingo')).toBeTruthy();
    other.unmount();
    show(<BingoNews winners={[]} username="bob" />);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByText(/bingo/i)).toBeNull();
  });
});
