import { Container } from '@mantine/core';
import type { RoomReply } from '@playshop/shared';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageLoader } from '../../../ui/page-loader';
import { PageTitle } from '../../../ui/page-title';
import { parseRouteId } from '../../../ui/parse-route-id';
import { useRoom } from '../../rooms/rooms-api';

/**
 * The room of the route's `:roomId`, loaded for a game screen: 'Room not found' for an id that is not
 * one or a room the caller cannot read, a loader while it comes, then `children` with the room.
 */
export function RouteRoom({ children }: { children: (room: RoomReply) => ReactNode }) {
  const roomId = parseRouteId(useParams().roomId);
  const room = useRoom(roomId);
  if (roomId === null || room.isError) {
    return (
      <Container component="main" py="xl">
        <PageTitle>Room not found</PageTitle>
      </Container>
    );
  }
  if (room.isPending) return <PageLoader label="Loading the room" />;
  return children(room.data);
}
