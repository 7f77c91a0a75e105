import type { ContentReply } from '@playshop/shared';
import { ImageView } from './image-view';
import { OtherView } from './other-view';
import { QuestionView } from './question-view';
import { VideoView } from './video-view';

/** The view of SPEC §2 Content display for any item; the live game shows content through this. */
export function ContentView({ content, videoWidth }: { content: ContentReply; videoWidth?: number }) {
  switch (content.type) {
    case 'QUESTION':
      return <QuestionView content={content} />;
    case 'VIDEO':
      return <VideoView content={content} width={videoWidth} />;
    case 'IMAGE':
      return <ImageView content={content} />;
    case 'OTHER':
      return <OtherView content={content} />;
  }
}
