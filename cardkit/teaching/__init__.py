"""What a learner works through, without any UI: graded problems (:mod:`~cardkit.teaching.problems`),
ratings of learners and problems (:mod:`~cardkit.teaching.rating`, Glicko-2) and a learner's
progress (:mod:`~cardkit.teaching.progress`). The older paths (``cardkit.problems``, ...) keep working.
"""
