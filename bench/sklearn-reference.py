"""scikit-learn on the ML bench's problem, timed in the same run as ours (bench/sklearn.ts).

Reads the rows that bench/ml.ts generated (a little-endian file: int32 rows, int32 features,
then each feature's float64 column, then the uint8 labels), fits each model with the settings
closest to ours, and prints the median wall and CPU milliseconds of RUNS after one warm-up as JSON. Single
thread: OMP_NUM_THREADS=1 is set by the caller and n_jobs=1 here.
"""
import json
import statistics
import sys
import time

import numpy as np
import sklearn
from sklearn.ensemble import HistGradientBoostingClassifier, RandomForestClassifier
from sklearn.linear_model import LogisticRegression

RUNS = 5


def read_rows(path):
    with open(path, "rb") as file:
        rows, features = np.frombuffer(file.read(8), dtype="<i4")
        x = np.frombuffer(file.read(8 * rows * features), dtype="<f8").reshape(features, rows).T
        y = np.frombuffer(file.read(rows), dtype=np.uint8)
    return np.ascontiguousarray(x), y


def median_ms(work):
    """Median wall and process CPU milliseconds (CPU is inflated less by other processes)."""
    work()
    wall, cpu = [], []
    for _ in range(RUNS):
        start, start_cpu = time.perf_counter(), time.process_time()
        work()
        wall.append((time.perf_counter() - start) * 1000)
        cpu.append((time.process_time() - start_cpu) * 1000)
    return {"wallMs": statistics.median(wall), "cpuMs": statistics.median(cpu)}


def main(path):
    x, y = read_rows(path)
    # Ours: L2 weight 1 (C = 1), up to 50 Newton steps.
    logistic = LogisticRegression(solver="lbfgs", C=1.0)
    # Ours: 100 rounds, learning rate 0.05, depth 3, L2 weight 1.
    boosting = HistGradientBoostingClassifier(
        max_iter=100, learning_rate=0.05, max_depth=3, l2_regularization=1.0, early_stopping=False
    )
    # Ours: 100 trees of depth 8 at most; timed predicting every row.
    forest = RandomForestClassifier(n_estimators=100, max_depth=8, min_samples_leaf=30, n_jobs=1, random_state=1)
    forest.fit(x, y)
    print(
        json.dumps(
            {
                "version": sklearn.__version__,
                "logistic": median_ms(lambda: logistic.fit(x, y)),
                "gradient-boosting": median_ms(lambda: boosting.fit(x, y)),
                "random-forest": median_ms(lambda: forest.predict_proba(x)),
            }
        )
    )


if __name__ == "__main__":
    main(sys.argv[1])
