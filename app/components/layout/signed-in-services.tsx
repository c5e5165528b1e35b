import { ProgressTracker } from "~/features/progress/progress-tracker";
import { ReviewDeckSync } from "~/features/review/review-deck-sync";

/** What runs in the background for a signed-in user only; root loads it lazily, so visitors never download it. */
export default function SignedInServices({ userId }: { userId: string }) {
  return (
    <>
      <ProgressTracker userId={userId} />
      <ReviewDeckSync userId={userId} />
    </>
  );
}
