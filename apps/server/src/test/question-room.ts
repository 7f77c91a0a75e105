import type { Database } from '../db/client';
import { answers, categories, content, questions, rooms } from '../db/schema';
import { createWorkshop } from './context';

/** The answers of the tests' fire-exit question, the first one right. */
export const FIRE_EXIT_ANSWERS = [
  'Leave by the nearest exit',
  'Take the lift',
  'Finish your bingo card',
] as const;

/** Items of the content library in `categoryId` (description 'd'), by title and type: their rows, in order. */
export async function insertContent(
  db: Database['db'],
  categoryId: number,
  items: { title: string; type: (typeof content.$inferInsert)['type'] }[],
) {
  return db
    .insert(content)
    .values(items.map((item) => ({ ...item, description: 'd', categoryId })))
    .returning();
}

/**
 * A QUESTION item of the content library in `categoryId`, with its question and answers: the first
 * answer is the right one. Returns the item's and the question's ids and the answer rows, in order.
 */
export async function insertQuestion(
  db: Database['db'],
  categoryId: number,
  item: { title: string; description: string; script?: string; question: string; answers: readonly string[] },
) {
  const [row] = await db
    .insert(content)
    .values({
      title: item.title,
      description: item.description,
      script: item.script,
      type: 'QUESTION',
      categoryId,
    })
    .returning();
  const [question] = await db
    .insert(questions)
    .values({ contentId: row!.id, question: item.question })
    .returning();
  const options = await db
    .insert(answers)
    .values(item.answers.map((name, i) => ({ questionId: question!.id, name, isCorrect: i === 0 })))
    .returning();
  return { contentId: row!.id, questionId: question!.id, answers: options };
}

/**
 * A room of its own whose workshop's one session holds one QUESTION: three answers, the first
 * correct. For the live game's question tests.
 */
export async function createQuestionRoom(database: Database, orgId: number) {
  const { db } = database;
  const [category] = await db
    .insert(categories)
    .values({ name: `Quiz ${orgId}` })
    .returning();
  const item = await insertQuestion(db, category!.id, {
    title: 'Fire exit quiz',
    description: 'What do you do first?',
    script: 'Wait for everyone to answer',
    question: 'What do you do first?',
    answers: FIRE_EXIT_ANSWERS,
  });
  const { workshop } = await createWorkshop(db, 'Quiz workshop', [
    { name: 'Quiz', contentIds: [item.contentId] },
  ]);
  const [room] = await db
    .insert(rooms)
    .values({ name: 'Quiz room', orgId, workshopId: workshop.id })
    .returning();
  return {
    roomId: room!.id,
    contentId: item.contentId,
    answerIds: item.answers.map((a) => a.id),
    correctId: item.answers.find((a) => a.isCorrect)!.id,
  };
}
