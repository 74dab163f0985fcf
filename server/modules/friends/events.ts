/** The events the friends module publishes (after commit). */
declare module '../../platform/events' {
  interface DomainEvents {
    /** `requesterId` asked `addresseeId` to be friends (a new request); notifies `addresseeId`. */
    'friend.requested': { requesterId: string; addresseeId: string };
    /** `requesterId` withdrew the request (its notification goes away). */
    'friend.request_withdrawn': { requesterId: string; addresseeId: string };
    /**
     * A new friendship: `userId` accepted the request of `friendId` (or asked back); notifies `friendId`, who
     * asked first.
     */
    'friend.added': { userId: string; friendId: string };
  }
}

export {};
