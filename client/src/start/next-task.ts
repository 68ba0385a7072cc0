/** A new task: the browser may paint and handle a tap before what follows (start-up is cut into such steps). */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
