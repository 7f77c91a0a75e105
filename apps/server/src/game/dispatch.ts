import type { ClientMessage } from '@playshop/shared';
import type { GameCommand } from './engine';

/** What a client message asks of a room; null for messages that are not room commands (ping). */
export interface Dispatch {
  roomId: number;
  command: GameCommand;
  /** join_room and reconnect put the socket in the room; leave_room takes it out. */
  socket: 'join' | 'leave' | null;
  lastSeq?: number;
}

/** The one translation from the wire (SPEC §4 messages) to engine commands: a case per message. */
export function dispatch(message: ClientMessage): Dispatch | null {
  switch (message.type) {
    case 'ping':
      return null;
    case 'ready':
      return at(message.payload.roomId, { type: 'ready' });
    case 'room_event':
      return roomEvent(message.payload);
    case 'game_event':
      return gameEvent(message.payload);
    case 'content_event':
      return contentEvent(message.payload);
  }
}

const at = (roomId: number, command: GameCommand, socket: Dispatch['socket'] = null): Dispatch => ({
  roomId,
  command,
  socket,
});

type Payload<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>['payload'];

function roomEvent(p: Payload<'room_event'>): Dispatch {
  switch (p.action) {
    case 'open_lobby':
      return at(p.roomId, { type: 'open_lobby' }, 'join');
    case 'close_lobby':
      return at(p.roomId, { type: 'close_lobby' });
    case 'join_room':
      return at(p.roomId, { type: 'join' }, 'join');
    case 'reconnect':
      return { ...at(p.roomId, { type: 'join' }, 'join'), lastSeq: p.lastSeq };
    case 'leave_room':
      return at(p.roomId, { type: 'leave' }, 'leave');
  }
}

function gameEvent(p: Payload<'game_event'>): Dispatch {
  switch (p.action) {
    case 'start_game':
      return at(p.roomId, { type: 'start_game' });
    case 'start_new_game':
      return at(p.roomId, { type: 'start_new_game' });
    case 'get_roll':
      return at(p.roomId, { type: 'roll' });
    case 'game_state':
      return at(p.roomId, { type: 'set_state', state: p.gameState });
    case 'game_over':
      return at(p.roomId, { type: 'end_game' });
    case 'check_win':
      return at(p.roomId, { type: 'check_win' });
    case 'hide_roll_animation':
      return at(p.roomId, { type: 'hide_roll_animation', hidden: p.hidden });
    case 'mark':
      return at(p.roomId, { type: 'mark', number: p.number, marked: p.marked });
    case 'set_prizes':
      return at(p.roomId, { type: 'set_prizes', prizes: p.prizes });
    case 'set_auto_call':
      return at(p.roomId, { type: 'set_auto_call', seconds: p.seconds });
    case 'pause_auto_call':
      return at(p.roomId, { type: 'pause_auto_call' });
    case 'remove_player':
      return at(p.roomId, { type: 'remove_player', username: p.username });
    case 'resume_auto_call':
      return at(p.roomId, { type: 'resume_auto_call' });
    case 'set_points_table':
      return at(p.roomId, { type: 'set_points_table', shown: p.shown });
  }
}

function contentEvent(p: Payload<'content_event'>): Dispatch {
  switch (p.action) {
    case 'send_next_content':
      return at(p.roomId, { type: 'send_next_content' });
    case 'send_content':
      return at(p.roomId, { type: 'send_content', contentId: p.contentId });
    case 'answer_question':
      return at(p.roomId, { type: 'answer_question', contentId: p.contentId, choice: p.choice });
    case 'close_question':
      return at(p.roomId, { type: 'close_question', contentId: p.contentId });
    case 'reveal_answer':
      return at(p.roomId, { type: 'reveal_answer', contentId: p.contentId });
    case 'timer':
      return at(p.roomId, {
        type: 'set_timer',
        seconds: p.timerOption,
        isRunning: p.isRunning,
        isPaused: p.isPaused,
      });
  }
}
