import type { Database } from '../db/client';
import {
  answers,
  categories,
  content,
  questions,
  rooms,
  sessionContent,
  sessions,
  workshops,
} from '../db/schema';

/**
 * A room of its own whose workshop's one session holds one QUESTION: three answers, the first
 * correct. For the live game's question tests.
 */
export async function createQuestionRoom(database: Database, orgId: number) {
  const { db } = database;
  const [workshop] = await db.insert(workshops).values({ name: 'Quiz workshop' }).returning();
  const [session] = await db
    .insert(sessions)
    .values({ workshopId: workshop!.id, name: 'Quiz', orderIndex: 0 })
    .returning();
  const [category] = await db
    .insert(categories)
    .values({ name: `Quiz ${orgId}` })
    .returning();
  const [item] = await db
    .insert(content)
    .values({
      title: 'Fire exit quiz',
      description: 'What do you do first?',
      script: 'Wait for everyone to answer',
      type: 'QUESTION',
      categoryId: category!.id,
    })
    .returning();
  const [question] = await db
    .insert(questions)
    .values({ contentId: item!.id, question: 'What do you do first?' })
    .returning();
  const options = await db
    .insert(answers)
    .values(
      [
        ['Leave by the nearest exit', true],
        ['Take the lift', false],
        ['Finish your bingo card', false],
      ].map(([name, isCorrect]) => ({
        questionId: question!.id,
        name: name as string,
        isCorrect: !!isCorrect,
      })),
    )
    .returning();
  await db.insert(sessionContent).values({ sessionId: session!.id, contentId: item!.id, orderIndex: 0 });
  const [room] = await db
    .insert(rooms)
    .values({ name: 'Quiz room', orgId, workshopId: workshop!.id })
    .returning();
  return {
    roomId: room!.id,
    contentId: item!.id,
    answerIds: options.map((a) => a.id),
    correctId: options.find((a) => a.isCorrect)!.id,
  };
}
