import type { GameContent } from '@playshop/shared';
import { useContext } from 'react';
import { ImageView } from './image-view';
import { OtherView } from './other-view';
import { QuestionSlot } from './question-slot';
import { QuestionView } from './question-view';
import { VideoView } from './video-view';

/**
 * The view of SPEC §2 Content display for any item; the live game shows content through this, and
 * draws its questions itself (QuestionSlot). Library content (with the correct answer) fits too.
 */
export function ContentView({ content, videoWidth }: { content: GameContent; videoWidth?: number }) {
  const liveQuestion = useContext(QuestionSlot);
  switch (content.type) {
    case 'QUESTION':
      return liveQuestion ? liveQuestion(content) : <QuestionView content={content} />;
    case 'VIDEO':
      return <VideoView content={content} width={videoWidth} />;
    case 'IMAGE':
      return <ImageView content={content} />;
    case 'OTHER':
      return <OtherView content={content} />;
  }
}
